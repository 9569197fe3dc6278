//! The openstack-heat release that answers: every release from 16.1.0
//! (wallaby) to 27.0.1, chosen per request (`"x-heat-release": "16.1.0"`, the
//! oracle's field), 27.0.1 by default.
//!
//! A release is one value, [`Release`], carried in the evaluation's mode
//! ([`crate::engine::mode::Mode::release`]); what differs between
//! releases is data keyed by it:
//! - [`RELEASES`]: each release's OpenStack series, the Python its series
//!   runs on (which decides the order Python iterates a set of strings in:
//!   [`crate::pyhash`]) and the yaql its series pins (which decides yaql's
//!   semantics: [`Yaql`]);
//! - the catalogue's differences from 27.0.1 (`crate::catalogue`), generated
//!   from each release's Heat;
//! - [`CHANGES`]: behaviour of Heat's code (plugin checks, custom
//!   constraints, messages) with the first release that has it, each checked
//!   against the reference's releases (`../shared/conformance/releases/`).
//!
//! Invariant: nothing outside this module compares release numbers; code
//! asks [`Release::has`] about a [`Change`] or reads data keyed by the release.

/// The Python a release runs on (the oracle's setup picks it per series).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Python {
    /// 3.8 (16.x–18.x): `str` hashes with SipHash-2-4.
    Py38,
    /// 3.10 (19.x–20.x): SipHash-2-4.
    Py310,
    /// 3.11 (21.x and later): SipHash-1-3.
    Py311,
}

impl Python {
    /// `major.minor`.
    pub fn version(self) -> &'static str {
        match self {
            Python::Py38 => "3.8",
            Python::Py310 => "3.10",
            Python::Py311 => "3.11",
        }
    }

    /// CPython's string hash: SipHash-1-3 from 3.11, SipHash-2-4 before.
    pub fn hash(self) -> crate::pyhash::StrHash {
        match self {
            Python::Py38 | Python::Py310 => crate::pyhash::StrHash::Sip24,
            Python::Py311 => crate::pyhash::StrHash::Sip13,
        }
    }
}

/// The yaql a release's series pins (its upper-constraints).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Yaql {
    /// yaql 1.1.3 (wallaby).
    V1_1_3,
    /// yaql 2.0.0 (xena to 2023.1).
    V2_0_0,
    /// yaql 3.0.0 (2023.2, 2024.1).
    V3_0_0,
    /// yaql 3.2.0 (what 27.0.1 is installed with).
    V3_2_0,
}

impl Yaql {
    /// The version's text.
    pub fn version(self) -> &'static str {
        match self {
            Yaql::V1_1_3 => "1.1.3",
            Yaql::V2_0_0 => "2.0.0",
            Yaql::V3_0_0 => "3.0.0",
            Yaql::V3_2_0 => "3.2.0",
        }
    }

    /// Before 3.0.0, yaql has `string.format(args…)` (Python's
    /// `str.format`, so `null` formats as `'None'`).
    pub fn before_3(self) -> bool {
        self < Yaql::V3_0_0
    }
}

/// One openstack-heat release.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReleaseInfo {
    /// Its version, as `x-heat-release` names it.
    pub version: &'static str,
    /// Its OpenStack series (`2021.1`).
    pub series: &'static str,
    /// The series' name (`wallaby`).
    pub name: &'static str,
    /// The Python it runs on.
    pub python: Python,
    /// The yaql its series pins.
    pub yaql: Yaql,
}

const fn rel(
    version: &'static str,
    series: &'static str,
    name: &'static str,
    python: Python,
    yaql: Yaql,
) -> ReleaseInfo {
    ReleaseInfo { version, series, name, python, yaql }
}

use Python::{Py310, Py311, Py38};
use Yaql::{V1_1_3, V2_0_0, V3_0_0, V3_2_0};

/// Every release from 16.1.0 to 27.0.1 (PyPI's openstack-heat), oldest first.
/// Python: as the oracle's `setup.sh` picks it. yaql: the pins of
/// `../shared/oracle/constraints/` for 16.1.0, 20.0.1 and 22.0.1; the other
/// series as their upper-constraints pin it (yaql < 3 up to 2023.1).
pub const RELEASES: &[ReleaseInfo] = &[
    rel("16.1.0", "2021.1", "wallaby", Py38, V1_1_3),
    rel("17.0.0", "2021.2", "xena", Py38, V2_0_0),
    rel("17.0.1", "2021.2", "xena", Py38, V2_0_0),
    rel("17.0.2", "2021.2", "xena", Py38, V2_0_0),
    rel("18.0.0", "2022.1", "yoga", Py38, V2_0_0),
    rel("18.0.1", "2022.1", "yoga", Py38, V2_0_0),
    rel("19.0.0", "2022.2", "zed", Py310, V2_0_0),
    rel("19.0.1", "2022.2", "zed", Py310, V2_0_0),
    rel("19.0.2", "2022.2", "zed", Py310, V2_0_0),
    rel("20.0.0", "2023.1", "antelope", Py310, V2_0_0),
    rel("20.0.1", "2023.1", "antelope", Py310, V2_0_0),
    rel("21.0.0", "2023.2", "bobcat", Py311, V3_0_0),
    rel("21.0.1", "2023.2", "bobcat", Py311, V3_0_0),
    rel("22.0.0", "2024.1", "caracal", Py311, V3_0_0),
    rel("22.0.1", "2024.1", "caracal", Py311, V3_0_0),
    rel("23.0.0", "2024.2", "dalmatian", Py311, V3_2_0),
    rel("24.0.0", "2025.1", "epoxy", Py311, V3_2_0),
    rel("24.1.0", "2025.1", "epoxy", Py311, V3_2_0),
    rel("24.1.1", "2025.1", "epoxy", Py311, V3_2_0),
    rel("24.1.2", "2025.1", "epoxy", Py311, V3_2_0),
    rel("25.0.0", "2025.2", "flamingo", Py311, V3_2_0),
    rel("25.0.1", "2025.2", "flamingo", Py311, V3_2_0),
    rel("25.0.2", "2025.2", "flamingo", Py311, V3_2_0),
    rel("26.0.0", "2026.1", "gazpacho", Py311, V3_2_0),
    rel("26.0.1", "2026.1", "gazpacho", Py311, V3_2_0),
    rel("26.0.2", "2026.1", "gazpacho", Py311, V3_2_0),
    rel("27.0.0", "2026.2", "hibiscus", Py311, V3_2_0),
    rel("27.0.1", "2026.2", "hibiscus", Py311, V3_2_0),
];

/// A release: an index into [`RELEASES`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Release(u8);

impl Default for Release {
    /// 27.0.1, the newest.
    fn default() -> Release {
        Release::LATEST
    }
}

impl Release {
    /// 27.0.1.
    pub const LATEST: Release = Release((RELEASES.len() - 1) as u8);

    /// The release of a version text (`"16.1.0"`).
    ///
    /// # Errors
    /// A clear message naming the known releases.
    pub fn parse(version: &str) -> Result<Release, String> {
        match RELEASES.iter().position(|r| r.version == version) {
            Some(i) => Ok(Release(i as u8)),
            None => Err(format!(
                "unknown Heat release '{version}': the known openstack-heat releases are {}",
                RELEASES.iter().map(|r| r.version).collect::<Vec<_>>().join(", ")
            )),
        }
    }

    /// Its row of [`RELEASES`].
    pub fn info(self) -> &'static ReleaseInfo {
        RELEASES.get(usize::from(self.0)).unwrap_or(&LATEST_INFO)
    }

    /// Its version text.
    pub fn version(self) -> &'static str {
        self.info().version
    }

    /// The newest release (27.0.1).
    pub fn is_latest(self) -> bool {
        self == Release::LATEST
    }

    /// How a person names it: `2021.1 wallaby — Heat 16.1.0`.
    pub fn label(self) -> String {
        let i = self.info();
        format!("{} {} — Heat {}", i.series, i.name, i.version)
    }

    /// Whether this release has a change of Heat's behaviour.
    pub fn has(self, change: Change) -> bool {
        CHANGES.iter().find(|(c, _)| *c == change).is_none_or(|(_, since)| self.version_at_least(since))
    }

    /// The position of a version text among [`RELEASES`] (an unknown text:
    /// after every release).
    fn version_at_least(self, since: &str) -> bool {
        let at = RELEASES.iter().position(|r| r.version == since).unwrap_or(usize::MAX);
        usize::from(self.0) >= at
    }

    /// The newest release of its series that answers every request as this
    /// one does: the same Python, yaql, catalogue data and [`Change`]s (a
    /// series' patch releases share one behaviour where nothing tells them
    /// apart, e.g. 19.0.0–19.0.2); this one when no later one does.
    pub fn same_behaviour(self) -> Release {
        let (me, changes) = (self.info(), |r: Release| CHANGES.iter().map(move |(c, _)| r.has(*c)));
        Release::all()
            .filter(|r| *r > self)
            .take_while(|r| r.info().series == me.series)
            .filter(|r| {
                let i = r.info();
                (i.python, i.yaql) == (me.python, me.yaql)
                    && changes(*r).eq(changes(self))
                    && crate::catalogue::same_data(*r, self)
            })
            .last()
            .unwrap_or(self)
    }

    /// Every release, oldest first.
    pub fn all() -> impl Iterator<Item = Release> {
        (0..RELEASES.len()).map(|i| Release(i as u8))
    }
}

const LATEST_INFO: ReleaseInfo = rel("27.0.1", "2026.2", "hibiscus", Py311, V3_2_0);

/// A change of Heat's own code between 16.1.0 and 27.0.1 that an offline
/// answer shows (what the catalogue's generated data cannot say: code paths).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// The `json_string` custom constraint exists.
    JsonStringConstraint,
    /// The `timezone` constraint uses zoneinfo (`No time zone found with key
    /// X`); before, pytz (`Invalid timezone: 'X'`).
    ZoneinfoTimezone,
    /// `OS::Manila::ShareNetwork` checks `neutron_network` without
    /// `neutron_subnet` before asking the catalog (`is_using_neutron`).
    ManilaNetworkCheckFirst,
    /// `OS::Neutron::ProviderNet` refuses a `segmentation_id` only for local
    /// and flat networks (`… for network types: local, flat`); before, for
    /// any type but vlan (`segmentation_id not allowed for flat network type.`).
    ProviderNetSegmentationByType,
    /// `OS::Neutron::ProviderNet` refuses `physical_network` for the tunnel
    /// network types (`physical_network not allowed for network types: …`).
    ProviderNetPhysicalNetworkCheck,
    /// `OS::Nova::KeyPair` without `public_key` asks nova's microversion.
    KeyPairPublicKeyCheck,
    /// `OS::Nova::Server` with a block device `volume_type` asks nova's microversion.
    ServerVolumeTypeCheck,
    /// `OS::Neutron::SecurityGroup` with `stateful: false` asks neutron's extensions.
    SecurityGroupStatefulCheck,
    /// `OS::Octavia::Listener` needs neither `loadbalancer` nor
    /// `default_pool`; before, one of them (`PropertyUnspecifiedError`).
    OctaviaListenerWithoutLoadBalancer,
    /// `OS::Neutron::Subnet` takes `gateway_ip: auto`.
    SubnetGatewayAuto,
}

/// Each [`Change`] with the first release that has it (from Heat's git
/// history; the reference's releases 16.1.0, 20.0.1, 22.0.1 and 27.0.1
/// answer accordingly: `../shared/conformance/releases/README.md`).
pub const CHANGES: &[(Change, &str)] = &[
    (Change::KeyPairPublicKeyCheck, "19.0.0"),
    (Change::ZoneinfoTimezone, "22.0.0"),
    (Change::OctaviaListenerWithoutLoadBalancer, "22.0.0"),
    (Change::ManilaNetworkCheckFirst, "23.0.0"),
    (Change::ProviderNetSegmentationByType, "23.0.0"),
    (Change::JsonStringConstraint, "24.0.0"),
    (Change::ProviderNetPhysicalNetworkCheck, "24.0.0"),
    (Change::SubnetGatewayAuto, "26.0.0"),
    (Change::ServerVolumeTypeCheck, "26.0.0"),
    (Change::SecurityGroupStatefulCheck, "27.0.0"),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn releases_parse_and_default() {
        assert_eq!(Release::default().version(), "27.0.1");
        assert_eq!(Release::parse("16.1.0").unwrap().info().name, "wallaby");
        assert_eq!(Release::parse("16.1.0").unwrap().label(), "2021.1 wallaby — Heat 16.1.0");
        let err = Release::parse("16.0.0").unwrap_err();
        assert!(err.starts_with("unknown Heat release '16.0.0': the known openstack-heat releases are 16.1.0, 17.0.0"));
        assert!(err.ends_with("27.0.0, 27.0.1"));
        assert_eq!(Release::all().count(), RELEASES.len());
    }

    #[test]
    fn changes_name_known_releases() {
        for (change, since) in CHANGES {
            assert!(Release::parse(since).is_ok(), "{change:?}: {since}");
        }
        let r = |v| Release::parse(v).unwrap();
        assert!(!r("16.1.0").has(Change::ZoneinfoTimezone));
        assert!(r("22.0.0").has(Change::ZoneinfoTimezone));
        assert!(!r("22.0.1").has(Change::JsonStringConstraint));
        assert!(Release::LATEST.has(Change::SubnetGatewayAuto));
    }

    #[test]
    fn patch_releases_share_a_behaviour_where_nothing_differs() {
        let same = |v| Release::parse(v).unwrap().same_behaviour().version();
        assert_eq!(same("19.0.0"), "19.0.2");
        assert_eq!(same("20.0.0"), "20.0.1");
        // 2025.1: 24.0.0 as 24.1.0; 24.1.1 as 24.1.2 (its Server takes `disk_bus: sata`).
        assert_eq!(same("24.0.0"), "24.1.0");
        assert_eq!(same("24.1.1"), "24.1.2");
        assert_eq!(same("27.0.0"), "27.0.1");
        assert_eq!(same("27.0.1"), "27.0.1");
        assert_eq!(same("16.1.0"), "16.1.0");
        assert_eq!(same("22.0.0"), "22.0.0");
    }

    #[test]
    fn python_and_yaql_follow_the_series() {
        let r = |v| Release::parse(v).unwrap().info();
        assert_eq!(r("18.0.1").python, Python::Py38);
        assert_eq!(r("20.0.1").python, Python::Py310);
        assert_eq!(r("21.0.0").python, Python::Py311);
        assert!(r("16.1.0").yaql.before_3() && r("20.0.1").yaql.before_3());
        assert!(!r("22.0.1").yaql.before_3());
    }
}
