//! W3002: a deprecated resource type.

use crate::model::diag::Severity;
use crate::lint::{Ctx, Doc, Findings, Info, Rule};

pub(crate) const RULE: Rule = Rule {
    info: Info {
        id: "W3002",
        name: "deprecated-type",
        severity: Severity::Warning,
        on_by_default: true,
    },
    check,
};

pub(crate) const DOC: Doc = Doc {
    summary: "a resource type Heat has deprecated",
    text: r#"
Heat marks resource types it will remove as deprecated (its support status,
read from Heat's own catalogue). They still work, until an upgrade hides
them. The message says what to use instead, and the fix changes the type
when Heat names one.
"#,
    bad: "heat_template_version: 2018-08-31\nresources:\n  alarm:\n    type: OS::Aodh::Alarm\n    properties:\n      meter_name: cpu_util\n      threshold: 80\n",
    good: "heat_template_version: 2018-08-31\nresources:\n  alarm:\n    type: OS::Aodh::GnocchiAggregationByResourcesAlarm\n    properties:\n      metric: cpu\n      aggregation_method: mean\n      resource_type: instance\n      query: '{}'\n      threshold: 80\n",
    files: &[],
};

fn check(cx: &Ctx<'_>, out: &mut Findings<'_>) {
    super::support::report_types(cx, out, "DEPRECATED");
}

#[cfg(test)]
mod tests {
    use crate::lint::tests::fixed;

    #[test]
    fn the_fix_uses_the_replacement() {
        let t = "heat_template_version: 2018-08-31\nresources:\n  a: {type: OS::Aodh::Alarm}\n";
        assert!(fixed("W3002", t).contains("type: OS::Aodh::GnocchiAggregationByResourcesAlarm}"));
    }
}
