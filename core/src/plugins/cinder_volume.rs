//! `OS::Cinder::Volume` (`heat.engine.resources.openstack.cinder.volume.CinderVolume.validate`):
//! the sources a volume is created from.

use super::{conflict, invalid, Ctx, Outcome};
use crate::eval::EvalError;
use crate::pyfmt::py_repr;
use crate::value::Value;

pub(super) fn validate(ctx: &Ctx<'_>) -> Result<Outcome, EvalError> {
    if ctx.prop("image").truthy() && ctx.prop("imageRef").truthy() {
        return Err(conflict(&["image", "imageRef"]));
    }
    if ctx.prop("backup_id").truthy() {
        return Ok(Outcome::Valid);
    }
    let given = |keys: &[&'static str]| -> Vec<&'static str> {
        keys.iter().copied().filter(|k| ctx.prop(k).truthy()).collect()
    };
    let exclusive = given(&["snapshot_id", "source_volid", "image", "imageRef"]);
    let no_size = given(&["snapshot_id", "source_volid"]);
    let options = py_repr(&Value::list(exclusive.iter().map(|k| Value::from(*k)).collect()));
    let size = ctx.prop("size");
    if size.is_null() && (no_size.len() != 1 || exclusive.len() != 1) {
        return Err(invalid(format!(
            "If neither \"backup_id\" nor \"size\" is provided, one and only one of \"source_volid\", \"snapshot_id\" must be specified, but currently specified options: {options}."
        )));
    }
    if size.truthy() && exclusive.len() > 1 {
        return Err(invalid(format!(
            "If \"size\" is provided, only one of \"image\", \"imageRef\", \"source_volid\", \"snapshot_id\" can be specified, but currently specified options: {options}."
        )));
    }
    Ok(Outcome::Valid)
}

/// `BaseVolume.validate_deletion_policy` (also `AWS::EC2::Volume`'s): a
/// `Snapshot` deletion policy needs the volume backup service.
pub(super) fn validate_deletion_policy(policy: &str, backups_enabled: bool) -> Option<String> {
    (policy == "Snapshot" && !backups_enabled)
        .then(|| "\"Snapshot\" deletion policy not supported - volume backup service is not enabled.".to_string())
}

#[cfg(test)]
mod tests {
    use crate::testing::{eval_result_error, template_error};

    // Expected messages from the oracle (real Heat, full mode).
    fn volume(props: &str) -> String {
        eval_result_error(&format!("resources:\n  v:\n    type: OS::Cinder::Volume\n    properties:\n{props}"), "x")
    }

    #[test]
    fn a_size_or_one_source() {
        assert_eq!(
            volume("      name: v\n"),
            "If neither \"backup_id\" nor \"size\" is provided, one and only one of \"source_volid\", \"snapshot_id\" must be specified, but currently specified options: []."
        );
        assert_eq!(
            volume("      size: 1\n      image: i\n      snapshot_id: s\n"),
            "If \"size\" is provided, only one of \"image\", \"imageRef\", \"source_volid\", \"snapshot_id\" can be specified, but currently specified options: ['snapshot_id', 'image']."
        );
        assert_eq!(
            volume("      size: 1\n      image: i\n      imageRef: j\n"),
            // The deprecated imageRef is translated to image first.
            "Property error: resources.v.properties.image: Cannot define the following properties at the same time: image, imageRef"
        );
        let ok = "heat_template_version: 2021-04-16\nresources:\n  v:\n    type: OS::Cinder::Volume\n    properties:\n      backup_id: b\n      image: i\n      snapshot_id: s\n";
        assert_eq!(template_error(ok), None);
    }
}
