//! Heat's per-class update hooks, one function each, and the generated table
//! (`data.rs`, from `tools/gen_plan_data.py`) saying which class uses which.
//!
//! The hooks of `heat/engine/resource.py` a plugin may override, in the order
//! `Resource.preview_update` calls them: `_needs_update` (does anything need
//! doing: [`NeedsUpdate`]), inside it `needs_replace` ([`Replace`]), then
//! `needs_replace_with_tmpl_diff` ([`TmplDiff`]) and, from
//! `update_template_diff_properties`, `needs_replace_with_prop_diff`
//! ([`PropDiff`]). Each rule returns the reason it gives, for the plan.

use crate::model::plan::InPlace;
use crate::value::Value;

/// `_needs_update`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum NeedsUpdate {
    /// `Resource._needs_update`: a plugin's `needs_replace`, then whether the
    /// frozen definitions or the properties differ.
    Base,
    /// `StackResource._needs_update` (and `RemoteStack`'s): an existing nested
    /// stack is always updated, and its resources decide.
    NestedStack,
    /// `UpdateWaitConditionHandle._needs_update`: every update replaces it.
    AlwaysReplace,
    /// `MistralExternalResource._needs_update`: a changed input named in
    /// `replace_on_change_inputs` replaces it; `always_update` updates it.
    MistralExternal,
}

/// `needs_replace(after_props)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Replace {
    /// Never.
    Base,
    /// `Port`: `replacement_policy: REPLACE_ALWAYS`.
    PortReplaceAlways,
}

/// `needs_replace_with_prop_diff(changed, after_props, before_props)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PropDiff {
    /// Never.
    Base,
    /// `Server`: a changed `flavor`, `image` or `user_data` whose
    /// `*_update_policy` is `REPLACE`.
    ServerPolicies,
    /// `ElasticIpAssociation`: a changed `AllocationId`/`EIP` together with
    /// a changed `InstanceId`/`NetworkInterfaceId` that is set.
    EipAssociation,
    /// `TestResource`: a changed `value` when `update_replace` is true.
    TestResource,
    /// `RemoteStack`: a changed `context` whose `region_name` changed.
    RemoteStackRegion,
}

/// `needs_replace_with_tmpl_diff(tmpl_diff)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TmplDiff {
    /// Never.
    Base,
    /// `LaunchConfiguration`: a changed `metadata`.
    MetadataChanged,
}

/// What the preview asks of one registered type whose update is not
/// `Resource`'s (a row of `data.rs`; every other type has the base rules).
#[derive(Debug)]
pub(crate) struct TypeRules {
    /// The type name.
    pub name: &'static str,
    pub needs_update: NeedsUpdate,
    pub replace: Replace,
    pub prop_diff: PropDiff,
    pub tmpl_diff: TmplDiff,
    /// Properties whose change is `NotSupported`.
    pub immutable: &'static [&'static str],
    /// `(property, its X_update_policy property, the policy's default)`:
    /// how `handle_update` applies a change of the property ([`in_place`]).
    pub policies: &'static [(&'static str, &'static str, &'static str)],
}

/// The in-place effect of a policy's value (`REPLACE` replaces before this).
pub(crate) fn in_place(policy_value: &str) -> Option<InPlace> {
    match policy_value {
        "REBUILD" => Some(InPlace::Rebuild { preserve_ephemeral: false }),
        "REBUILD_PRESERVE_EPHEMERAL" => Some(InPlace::Rebuild { preserve_ephemeral: true }),
        "RESIZE" => Some(InPlace::Resize),
        "IGNORE" => Some(InPlace::Ignored),
        _ => None,
    }
}

/// The rules of a plugin type (the name the registry resolved to); `None`:
/// the base rules.
pub(crate) fn of(plugin: &str) -> Option<&'static TypeRules> {
    let types = super::data::TYPES;
    types.binary_search_by(|t| t.name.cmp(plugin)).ok().and_then(|i| types.get(i))
}

/// Why a rule replaces a resource, as the plan says it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Forced {
    /// The rule, in words (`flavor_update_policy is REPLACE`).
    pub rule: String,
    /// The property whose change (or value) triggered it.
    pub property: Option<String>,
}

fn forced(rule: impl Into<String>, property: Option<&str>) -> Forced {
    Forced { rule: rule.into(), property: property.map(str::to_string) }
}

/// A resource's `Properties` as a hook reads them (`props.get(key)`): the
/// converted value, or the error Heat's `Properties` raises (`ValueError`).
pub(crate) trait PropsView {
    fn get(&self, key: &str) -> Result<Value, String>;
}

/// `needs_replace(after_props)`.
pub(crate) fn needs_replace(rule: Replace, after: &dyn PropsView) -> Result<Option<Forced>, String> {
    Ok(match rule {
        Replace::Base => None,
        Replace::PortReplaceAlways => (after.get("replacement_policy")? == Value::from("REPLACE_ALWAYS"))
            .then(|| forced("replacement_policy is REPLACE_ALWAYS: Heat replaces the port on every update", None)),
    })
}

/// `MistralExternalResource._needs_update` up to its `super()` call: `Err`
/// is Heat's error, `Ok(Some)` a replacement, `Ok(None)` go on (with
/// `always_update` telling whether it is updated whatever changed).
pub(crate) fn mistral_external(
    before: &dyn PropsView,
    after: &dyn PropsView,
    current: &dyn PropsView,
) -> Result<(Option<Forced>, bool), String> {
    let old_inputs = before.get("input")?;
    let new_inputs = after.get("input")?;
    let Value::List(names) = after.get("replace_on_change_inputs")? else { return Ok((None, false)) };
    for name in names.iter() {
        let old = map_get(&old_inputs, name);
        let new = map_get(&new_inputs, name);
        if !old.py_eq(&new) {
            let rule = format!("input {} is in replace_on_change_inputs", crate::pyfmt::py_str(name));
            return Ok((Some(forced(rule, Some("input"))), false));
        }
    }
    Ok((None, current.get("always_update")?.truthy()))
}

/// `dict.get` on a converted map property (null for anything else).
fn map_get(map: &Value, key: &Value) -> Value {
    match map {
        Value::Map(m) => m.get(key).cloned().unwrap_or(Value::Null),
        _ => Value::Null,
    }
}

/// `needs_replace_with_tmpl_diff`: `metadata_changed` is the definitions'
/// raw metadata differing.
pub(crate) fn tmpl_diff_replaces(rule: TmplDiff, metadata_changed: bool) -> Option<Forced> {
    match rule {
        TmplDiff::Base => None,
        TmplDiff::MetadataChanged => {
            metadata_changed.then(|| forced("a launch configuration's metadata changed", None))
        }
    }
}

/// `needs_replace_with_prop_diff`.
pub(crate) fn prop_diff_replaces(
    rule: PropDiff,
    changed: &[String],
    after: &dyn PropsView,
    before: &dyn PropsView,
) -> Result<Option<Forced>, String> {
    let has = |k: &str| changed.iter().any(|c| c == k);
    Ok(match rule {
        PropDiff::Base => None,
        PropDiff::ServerPolicies => {
            let mut out = None;
            for (prop, policy) in [
                ("flavor", "flavor_update_policy"),
                ("image", "image_update_policy"),
                ("user_data", "user_data_update_policy"),
            ] {
                if !has(prop) {
                    continue;
                }
                // `after_props.get(policy) or before_props.get(policy)`.
                let value = match after.get(policy)? {
                    v if v.truthy() => v,
                    _ => before.get(policy)?,
                };
                if value == Value::from("REPLACE") {
                    out = Some(forced(format!("{policy} is REPLACE"), Some(prop)));
                    break;
                }
                // Heat returns the user_data answer whatever it is.
                if prop == "user_data" {
                    break;
                }
            }
            out
        }
        PropDiff::EipAssociation => {
            if has("AllocationId") || has("EIP") {
                let instance = if has("InstanceId") { after.get("InstanceId")? } else { Value::Null };
                let interface = if has("NetworkInterfaceId") { after.get("NetworkInterfaceId")? } else { Value::Null };
                let which = if instance.truthy() { Some("InstanceId") } else { Some("NetworkInterfaceId") };
                (instance.truthy() || interface.truthy())
                    .then(|| forced("the EIP and the instance or interface changed together", which))
            } else {
                None
            }
        }
        PropDiff::TestResource => {
            if has("value") && after.get("update_replace")?.truthy() {
                Some(forced("update_replace is true", Some("value")))
            } else {
                None
            }
        }
        PropDiff::RemoteStackRegion => {
            if has("context") {
                let region = |v: Value| map_get(&v, &Value::from("region_name"));
                let (a, b) = (region(after.get("context")?), region(before.get("context")?));
                (!a.py_eq(&b))
                    .then(|| forced("its region_name differs: the stack moves to another region", Some("context")))
            } else {
                None
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::Map;

    struct P(Vec<(&'static str, Value)>);
    impl PropsView for P {
        fn get(&self, key: &str) -> Result<Value, String> {
            Ok(self.0.iter().find(|(k, _)| *k == key).map_or(Value::Null, |(_, v)| v.clone()))
        }
    }

    #[test]
    fn the_table_is_sorted_and_names_heats_hooks() {
        let types = super::super::data::TYPES;
        assert!(types.windows(2).all(|w| w[0].name < w[1].name));
        let server = of("OS::Nova::Server").unwrap();
        assert_eq!(server.prop_diff, PropDiff::ServerPolicies);
        assert_eq!(of("OS::Heat::ResourceGroup").unwrap().needs_update, NeedsUpdate::NestedStack);
        assert_eq!(of("AWS::EC2::Volume").unwrap().immutable, &["AvailabilityZone", "Size", "SnapshotId", "Tags"]);
        assert_eq!(server.policies.iter().map(|p| p.0).collect::<Vec<_>>(), ["flavor", "image", "user_data"]);
        assert_eq!(in_place("REBUILD"), Some(InPlace::Rebuild { preserve_ephemeral: false }));
        assert_eq!(in_place("RESIZE"), Some(InPlace::Resize));
        assert_eq!(in_place("REPLACE"), None);
        // Types Heat re-based on OS::Heat::None run as the oracle's stand-in:
        // the base rules, as for a type without a row.
        assert!(of("OS::Heat::None").is_none());
        assert!(of("OS::Nova::FloatingIP").is_none());
    }

    #[test]
    fn server_policies_name_the_property_and_the_policy() {
        let after = P(vec![("flavor_update_policy", Value::from("REPLACE"))]);
        let before = P(vec![]);
        let changed = vec!["flavor".to_string()];
        let f = prop_diff_replaces(PropDiff::ServerPolicies, &changed, &after, &before).unwrap().unwrap();
        assert_eq!(f, forced("flavor_update_policy is REPLACE", Some("flavor")));
        // The before policy counts when the after one is empty.
        let after = P(vec![]);
        let before = P(vec![("image_update_policy", Value::from("REPLACE"))]);
        let changed = vec!["image".to_string()];
        assert!(prop_diff_replaces(PropDiff::ServerPolicies, &changed, &after, &before).unwrap().is_some());
        let changed = vec!["name".to_string()];
        assert!(prop_diff_replaces(PropDiff::ServerPolicies, &changed, &after, &before).unwrap().is_none());
    }

    #[test]
    fn mistral_inputs_named_for_replacement() {
        let mut old = Map::new();
        old.insert_str("a", Value::Int(1));
        let mut new = Map::new();
        new.insert_str("a", Value::Int(2));
        let before = P(vec![("input", Value::map(old))]);
        let after =
            P(vec![("input", Value::map(new)), ("replace_on_change_inputs", Value::list(vec![Value::from("a")]))]);
        let (f, _) = mistral_external(&before, &after, &before).unwrap();
        assert_eq!(f.unwrap().property.as_deref(), Some("input"));
    }
}
