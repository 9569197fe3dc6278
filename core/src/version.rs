//! Template versions: the ordered set of `heat_template_version` values Heat
//! registers, with release aliases, and the two CloudFormation-format classes.

/// A template version class: the HOT versions ordered by date, the two
/// CloudFormation-format ones first (so every "since a HOT version" rule
/// excludes them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum HotVersion {
    /// CloudFormation format, `HeatTemplateFormatVersion: 2012-12-12`
    /// (Heat's `HeatTemplate`: no conditions, no `Fn::If`).
    Cfn2012_12_12,
    /// CloudFormation format, `AWSTemplateFormatVersion: 2010-09-09`
    /// (Heat's `CfnTemplate`: `Conditions`, `Fn::If`).
    Cfn2010_09_09,
    /// 2013-05-23 (Icehouse): CFN functions still available.
    V2013_05_23,
    /// 2014-10-16 (Juno).
    V2014_10_16,
    /// 2015-04-30 (Kilo): `repeat`, `digest`.
    V2015_04_30,
    /// 2015-10-15 (Liberty): `str_split`, multi-list `list_join`, JSON `str_replace`.
    V2015_10_15,
    /// 2016-04-08 (Mitaka): `map_merge`.
    V2016_04_08,
    /// 2016-10-14 / newton: conditions, `yaql`, `map_replace`, `if`.
    V2016_10_14,
    /// 2017-02-24 / ocata: `filter`, `str_replace_strict`, `modulo`.
    V2017_02_24,
    /// 2017-09-01 / pike: `make_url`, `list_concat*`, `contains`, `str_replace_vstrict`.
    V2017_09_01,
    /// 2018-03-02 / queens: parameter `tags`.
    V2018_03_02,
    /// 2018-08-31 / rocky.
    V2018_08_31,
    /// 2021-04-16 / wallaby: two-argument `if`.
    V2021_04_16,
}

/// Every version with the spellings Heat accepts for it (date first).
pub const VERSIONS: &[(HotVersion, &[&str])] = &[
    (HotVersion::V2013_05_23, &["2013-05-23"]),
    (HotVersion::V2014_10_16, &["2014-10-16"]),
    (HotVersion::V2015_04_30, &["2015-04-30"]),
    (HotVersion::V2015_10_15, &["2015-10-15"]),
    (HotVersion::V2016_04_08, &["2016-04-08"]),
    (HotVersion::V2016_10_14, &["2016-10-14", "newton"]),
    (HotVersion::V2017_02_24, &["2017-02-24", "ocata"]),
    (HotVersion::V2017_09_01, &["2017-09-01", "pike"]),
    (HotVersion::V2018_03_02, &["2018-03-02", "queens"]),
    (HotVersion::V2018_08_31, &["2018-08-31", "rocky"]),
    (HotVersion::V2021_04_16, &["2021-04-16", "wallaby"]),
];

impl HotVersion {
    /// The version a spelling names (exact match, as Heat requires).
    pub fn parse(text: &str) -> Option<HotVersion> {
        VERSIONS.iter().find(|(_, names)| names.contains(&text)).map(|(v, _)| *v)
    }

    /// The date form (`2018-08-31`).
    pub fn date(self) -> &'static str {
        match self {
            HotVersion::Cfn2012_12_12 => return "2012-12-12",
            HotVersion::Cfn2010_09_09 => return "2010-09-09",
            _ => {}
        }
        VERSIONS.iter().find(|(v, _)| *v == self).and_then(|(_, names)| names.first()).copied().unwrap_or("")
    }

    /// The release alias, if the version has one.
    pub fn alias(self) -> Option<&'static str> {
        VERSIONS.iter().find(|(v, _)| *v == self).and_then(|(_, names)| names.get(1)).copied()
    }

    /// All versions, oldest first.
    pub fn all() -> impl Iterator<Item = HotVersion> {
        VERSIONS.iter().map(|(v, _)| *v)
    }

    /// Heat's "should be one of" list: every spelling, sorted as strings.
    pub fn valid_spellings() -> Vec<&'static str> {
        let mut all: Vec<&str> = VERSIONS.iter().flat_map(|(_, names)| names.iter().copied()).collect();
        crate::sort::sort(&mut all);
        all
    }

    /// Whether the template has a `conditions` section (and resource/output `condition`).
    pub fn has_conditions(self) -> bool {
        self == HotVersion::Cfn2010_09_09 || self >= HotVersion::V2016_10_14
    }

    /// A CloudFormation-format template (its sections and keys are spelled
    /// `Resources`, `Properties`, ...; the engine reads them normalised).
    pub fn is_cfn(self) -> bool {
        matches!(self, HotVersion::Cfn2012_12_12 | HotVersion::Cfn2010_09_09)
    }

    /// Whether `delete`/`retain`/`snapshot` are deletion policies too.
    pub fn lowercase_policies(self) -> bool {
        self >= HotVersion::V2016_10_14
    }

    /// How this version spells a section or resource/output key that the
    /// engine knows by its HOT name (`properties` is `Properties` in CFN).
    pub fn key(self, hot: &str) -> &str {
        if !self.is_cfn() {
            return hot;
        }
        CFN_KEYS.iter().find(|(h, _)| *h == hot).map_or(hot, |(_, c)| c)
    }
}

/// HOT names and their CloudFormation spellings (sections, resource keys,
/// output keys).
pub const CFN_KEYS: &[(&str, &str)] = &[
    ("description", "Description"),
    ("parameters", "Parameters"),
    ("resources", "Resources"),
    ("outputs", "Outputs"),
    ("conditions", "Conditions"),
    ("type", "Type"),
    ("properties", "Properties"),
    ("metadata", "Metadata"),
    ("depends_on", "DependsOn"),
    ("deletion_policy", "DeletionPolicy"),
    ("update_policy", "UpdatePolicy"),
    ("condition", "Condition"),
    ("value", "Value"),
];

impl HotVersion {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spellings_parse_exactly() {
        assert_eq!(HotVersion::parse("rocky"), Some(HotVersion::V2018_08_31));
        assert_eq!(HotVersion::parse("2016-10-14"), Some(HotVersion::V2016_10_14));
        assert_eq!(HotVersion::parse("2016-10-14 "), None);
        assert_eq!(HotVersion::parse("Rocky"), None);
    }

    #[test]
    fn heat_lists_dates_then_names() {
        assert_eq!(
            HotVersion::valid_spellings().join(", "),
            "2013-05-23, 2014-10-16, 2015-04-30, 2015-10-15, 2016-04-08, 2016-10-14, 2017-02-24, \
             2017-09-01, 2018-03-02, 2018-08-31, 2021-04-16, newton, ocata, pike, queens, rocky, wallaby"
        );
    }
}
