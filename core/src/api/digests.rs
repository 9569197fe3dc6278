//! A digest of what a result view shows of each top-level resource
//! ([`Evaluated::resource_digests`]): a view that keeps each resource's element
//! while its digest stays the same rebuilds, after a keystroke, only the
//! resources whose display changed — without comparing or serializing the
//! values (an overcloud's nested stacks are megabytes of them).

use std::collections::BTreeMap;
use std::hash::{BuildHasher, Hasher};

/// One hasher type: each digest function is compiled once (the module's size).
type H = foldhash::quality::FoldHasher<'static>;

use super::Evaluated;
use crate::model::diag::PathItem;
use crate::model::Format;
use crate::symbolic::{Hole, Part, Piece, Sym};
use crate::value::Value;

/// The sections of the result that name a resource per entry (`resource`:
/// its name, or `name/…` under its nested stack).
const SKIPPED: [&str; 2] = ["skipped_constraints", "skipped_checks"];

impl Evaluated {
    /// For each top-level resource of the shown result (by name), a digest of
    /// all a result view shows of it in `format`: its result entry, its nested
    /// stack's result (when it has one), the display values at or under both
    /// (the texts of its values are written from these and the format alone:
    /// [`super::Session::texts`]), and the entries of `skipped_constraints`
    /// and `skipped_checks` of it or of its nested stacks. Equal inputs give
    /// equal digests (values compared exactly: `1`, `1.0` and `true` differ);
    /// different ones differ but for a 64-bit hash collision.
    pub fn resource_digests(&self, format: Format) -> BTreeMap<String, String> {
        let view = self.view();
        let mut out = BTreeMap::new();
        let Some(root) = view.value(&[]).and_then(Value::as_map) else { return out };
        let Some(resources) = root.get_str("resources").and_then(Value::as_map) else { return out };
        let nested = root.get_str("nested").and_then(Value::as_map);
        let skipped: Vec<(usize, &str, &Value)> = SKIPPED
            .iter()
            .enumerate()
            .flat_map(|(i, section)| {
                let entries = root.get_str(section).and_then(Value::as_list).unwrap_or_default();
                entries.iter().filter_map(move |e| {
                    let resource = e.as_map()?.get_str("resource")?.as_str()?;
                    Some((i, resource, e))
                })
            })
            .collect();
        for (key, resource) in resources.iter() {
            let name = key.as_str().map_or_else(|| super::json_key(key), str::to_string);
            let mut hasher = foldhash::quality::FixedState::with_seed(0x6870_6c61_7465).build_hasher();
            let h = &mut hasher;
            h.write_u8(format as u8);
            for (section, value) in [("resources", Some(resource)), ("nested", nested.and_then(|n| n.get(key)))] {
                let Some(value) = value else {
                    h.write_u8(0);
                    continue;
                };
                h.write_u8(1);
                value_digest(value, h);
                let at = [PathItem::Key(section.into()), PathItem::Key(name.clone())];
                for (path, sym) in view.placeholders_under(&at) {
                    path_digest(path, h);
                    sym_digest(sym, h);
                }
                h.write_u8(2);
            }
            let under = |r: &str| r == name || r.strip_prefix(name.as_str()).is_some_and(|rest| rest.starts_with('/'));
            for (section, _, entry) in skipped.iter().filter(|(_, r, _)| under(r)) {
                h.write_usize(*section);
                value_digest(entry, h);
            }
            out.insert(name, format!("{:016x}", h.finish()));
        }
        out
    }
}

fn str_digest(s: &str, h: &mut H) {
    h.write_usize(s.len());
    h.write(s.as_bytes());
}

/// Values of different types (`1`, `1.0`, `true`, `"1"`) digest differently.
fn value_digest(v: &Value, h: &mut H) {
    match v {
        Value::Null => h.write_u8(0),
        Value::Bool(b) => {
            h.write_u8(1);
            h.write_u8(u8::from(*b));
        }
        Value::Int(i) => {
            h.write_u8(2);
            h.write_i64(*i);
        }
        Value::BigInt(b) => {
            h.write_u8(3);
            let bytes = b.to_signed_bytes_le();
            h.write_usize(bytes.len());
            h.write(&bytes);
        }
        Value::Float(f) => {
            h.write_u8(4);
            h.write_u64(f.to_bits());
        }
        Value::Str(s) => {
            h.write_u8(5);
            str_digest(s, h);
        }
        Value::List(l) => {
            h.write_u8(6);
            h.write_usize(l.len());
            for item in l.iter() {
                value_digest(item, h);
            }
        }
        Value::Map(m) => {
            h.write_u8(7);
            h.write_usize(m.len());
            for (k, item) in m.iter() {
                value_digest(k, h);
                value_digest(item, h);
            }
        }
    }
}

fn path_digest(path: &[PathItem], h: &mut H) {
    h.write_usize(path.len());
    for step in path {
        match step {
            PathItem::Key(k) => {
                h.write_u8(0);
                str_digest(k, h);
            }
            PathItem::Index(i) => {
                h.write_u8(1);
                h.write_i64(*i);
            }
        }
    }
}

fn hole_digest(hole: &Hole, h: &mut H) {
    str_digest(&hole.label, h);
    h.write_u8(u8::from(hole.exact));
}

fn parts_digest<T>(parts: &[Part<T>], h: &mut H, one: impl Fn(&T, &mut H)) {
    h.write_usize(parts.len());
    for part in parts {
        match part {
            Part::One(x) => {
                h.write_u8(0);
                one(x, h);
            }
            Part::Spread(hole) => {
                h.write_u8(1);
                hole_digest(hole, h);
            }
        }
    }
}

/// A display value, as [`super::session`] compares them.
fn sym_digest(sym: &Sym, h: &mut H) {
    match sym {
        Sym::Value(v) => {
            h.write_u8(0);
            value_digest(v, h);
        }
        Sym::Hole(hole) => {
            h.write_u8(1);
            hole_digest(hole, h);
        }
        Sym::Text(pieces) => {
            h.write_u8(2);
            h.write_usize(pieces.len());
            for piece in pieces {
                match piece {
                    Piece::Lit(s) => {
                        h.write_u8(0);
                        str_digest(s, h);
                    }
                    Piece::Hole(hole) => {
                        h.write_u8(1);
                        hole_digest(hole, h);
                    }
                }
            }
        }
        Sym::List(parts) => {
            h.write_u8(3);
            parts_digest(parts, h, sym_digest);
        }
        Sym::Map(parts) => {
            h.write_u8(4);
            parts_digest(parts, h, |(k, v), h| {
                value_digest(k, h);
                sym_digest(v, h);
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::Request;

    fn digests(resources: &str) -> BTreeMap<String, String> {
        let t = format!("heat_template_version: 2018-08-31\nresources:\n{resources}");
        Evaluated::new(Request::new(t)).resource_digests(Format::Yaml)
    }

    #[test]
    fn a_digest_moves_with_what_is_shown_of_its_resource_only() {
        let a = digests("  a: {type: OS::Heat::Value, properties: {value: 1}}\n  b: {type: OS::Heat::Value, properties: {value: x}}\n");
        assert_eq!(a.keys().collect::<Vec<_>>(), ["a", "b"]);
        for other in ["1.0", "true", "'1'", "[1]"] {
            let d = digests(&format!(
                "  a: {{type: OS::Heat::Value, properties: {{value: {other}}}}}\n  b: {{type: OS::Heat::Value, properties: {{value: x}}}}\n"
            ));
            assert_ne!(d["a"], a["a"], "{other}");
            assert_eq!(d["b"], a["b"], "{other}");
        }
        // A deploy-time value shown in a property.
        let c = digests("  a: {type: OS::Heat::Value, properties: {value: 1}}\n  b: {type: OS::Heat::Value, properties: {value: {get_attr: [a, value]}}}\n");
        assert_eq!(c["a"], a["a"]);
        assert_ne!(c["b"], a["b"]);
        let yaml = Evaluated::new(Request::new(
            "heat_template_version: 2018-08-31\nresources:\n  a: {type: OS::Heat::Value}\n",
        ));
        assert_ne!(yaml.resource_digests(Format::Yaml), yaml.resource_digests(Format::Json));
    }
}
