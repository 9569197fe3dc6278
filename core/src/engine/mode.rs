//! The mode of one stack's evaluation: one value says what Heat does with
//! the stack (create it, check it for its parent, validate its template) and
//! what hotplate adds to that (the display evaluation past every error, the
//! deploy-time treatment of attributes). The stages ask it through a few
//! methods instead of reading flags; a nested stack's mode is its parent's
//! through [`Mode::nested`].
//!
//! | mode | `strict()` | `collects()` | `template_only()` | `past_errors()` | `deploy_time()` | `release()` |
//! |---|---|---|---|---|---|---|
//! | [`Mode::create`] (a stack Heat creates) | yes (an update plan may say no for a nested stack) | yes | no | no | no | the request's |
//! | a parent's check of a nested stack ([`Mode::nested`] with `create` false) | no | no | no | as the parent | as the parent | as the parent |
//! | [`Mode::template_validate`] | no | no | yes | no | no | the request's |
//! | [`Mode::display`] of any of them | as it | as it | as it | yes | as it | as it |
//! | [`Mode::deployed`] of any of them | as it | as it | as it | as it | yes | as it |
//! | [`Mode::once_created`] of any of them | as it | as it | as it | as it | yes | as it |
//!
//! [`Mode::once_created`] is the second deploy-time evaluation: besides
//! the deploy-time treatment, what Heat computes once a resource is created
//! is known ([`Mode::values_once_created`]).
//!
//! The Heat release that answers (issue 37, ARCHITECTURE.md, "Heat
//! releases") is part of the mode too: [`Mode::release`], set once from the
//! request ([`Mode::answered_by`]) and carried to every nested stack, the
//! display and the deploy-time evaluations; a [`Stack`](crate::stack::Stack)
//! asks it through `Stack::release`.

use crate::pyhash::StrHash;
use crate::release::Release;

/// What Heat does with the stack.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Purpose {
    /// Stack create (or a nested stack the result shows, as Heat creates it).
    Create,
    /// A parent's validation of a nested stack (`validate_nested_stack`):
    /// nothing of it is resolved for a result.
    NestedCheck,
    /// Template validate (`POST /validate`): each resource's
    /// `validate_template()` only.
    TemplateValidate,
}

/// The mode of one stack's evaluation (see the module's table).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Mode {
    purpose: Purpose,
    /// Heat's `strict_validate` for this stack.
    strict: bool,
    /// A display evaluation: on past every error, a value it lacks unknown.
    display: bool,
    /// The deploy-time treatment: once the stack is validated, an attribute
    /// of a resource that is not created is an unknown value (it exists in
    /// a real deployment), not Heat's pre-creation null.
    deploy_time: bool,
    /// With the deploy-time treatment, what Heat computes once a resource is
    /// created is computed: an `OS::Heat::Value`'s `value`, a nested stack's
    /// outputs (its resource's attributes), a failed one's null attributes;
    /// the nested stacks are built in creation order. Off, every attribute
    /// not created is unknown (what the notes say a place waits for).
    once_created: bool,
    /// The openstack-heat release that answers (the request's `x-heat-release`).
    release: Release,
}

impl Default for Mode {
    fn default() -> Mode {
        Mode::create()
    }
}

impl Mode {
    /// Heat's stack create of the top-level stack.
    pub(crate) const fn create() -> Mode {
        Mode {
            purpose: Purpose::Create,
            strict: true,
            display: false,
            deploy_time: false,
            once_created: false,
            release: Release::LATEST,
        }
    }

    /// Heat's template validate (`strict_validate=False`, `validate_res_tmpl_only`).
    pub(crate) const fn template_validate() -> Mode {
        Mode {
            purpose: Purpose::TemplateValidate,
            strict: false,
            display: false,
            deploy_time: false,
            once_created: false,
            release: Release::LATEST,
        }
    }

    /// The same evaluation as `release` answers it.
    pub(crate) const fn answered_by(self, release: Release) -> Mode {
        Mode { release, ..self }
    }

    /// The same stack evaluated for display (see ARCHITECTURE.md, "The display evaluation").
    pub(crate) const fn display(self) -> Mode {
        Mode { display: true, ..self }
    }

    /// The same stack with the deploy-time treatment (ARCHITECTURE.md, "Deploy-time values").
    pub(crate) const fn deployed(self) -> Mode {
        Mode { deploy_time: true, ..self }
    }

    /// The same stack with the deploy-time treatment and what Heat computes
    /// once a resource is created ([`Mode::values_once_created`]).
    pub(crate) const fn once_created(self) -> Mode {
        Mode { deploy_time: true, once_created: true, ..self }
    }

    /// The mode of a nested stack of this one: `create`, the stack Heat
    /// creates for the result (`strict` unless an update plan keeps an
    /// existing one non-strict); else the parent's check of it. Display and
    /// deploy-time treatment carry over.
    pub(crate) const fn nested(self, create: bool, strict: bool) -> Mode {
        let purpose = if create { Purpose::Create } else { Purpose::NestedCheck };
        Mode { purpose, strict: create && strict, ..self }
    }

    /// Heat's `strict_validate`: values checked, not only names.
    pub(crate) const fn strict(self) -> bool {
        self.strict
    }

    /// Whether the result sections are wanted (not for a parent's check of
    /// a nested stack, nor for template validate).
    pub(crate) fn collects(self) -> bool {
        self.purpose == Purpose::Create
    }

    /// Heat's `validate_res_tmpl_only` (template validate): each resource's
    /// `validate_template()` only, not its plugin's `validate()` nor its
    /// nested stack; resources with an `external_id` skipped.
    pub(crate) fn template_only(self) -> bool {
        self.purpose == Purpose::TemplateValidate
    }

    /// A display evaluation: each error is a diagnostic and the stage goes
    /// on with what it could make; a parameter without a value and a file
    /// named by URL are unknown values, not errors.
    pub(crate) const fn past_errors(self) -> bool {
        self.display
    }

    /// Whether the deploy-time treatment is on: once a stack is validated,
    /// `get_attr` of a resource that is not created is unknown.
    pub(crate) const fn deploy_time(self) -> bool {
        self.deploy_time
    }

    /// Whether what Heat computes once a resource is created is known (the
    /// second deploy-time evaluation, not a display one): Values, nested
    /// stacks' outputs, failed nested stacks' null attributes.
    pub(crate) const fn values_once_created(self) -> bool {
        self.deploy_time && self.once_created && !self.display
    }

    /// The Heat release that answers: its catalogue, constraints, plugin
    /// checks and Python.
    pub(crate) const fn release(self) -> Release {
        self.release
    }

    /// How the release's Python hashes strings (the order it iterates sets in).
    pub(crate) fn str_hash(self) -> StrHash {
        self.release.info().python.hash()
    }
}

#[cfg(test)]
mod tests {
    use super::Mode;

    #[test]
    fn nested_stacks_take_their_parent_s_treatment() {
        let top = Mode::create().display().deployed();
        let check = top.nested(false, true);
        assert!(!check.strict() && !check.collects() && check.past_errors() && check.deploy_time());
        let created = top.nested(true, true);
        assert!(created.strict() && created.collects() && !created.template_only());
        assert!(!Mode::create().nested(true, false).strict());
        let validate = Mode::template_validate();
        assert!(validate.template_only() && !validate.collects() && !validate.strict());
        assert!(!Mode::create().past_errors() && !Mode::create().deploy_time());
        // What Heat computes once created: the second deploy-time evaluation, carried to nested stacks.
        let computed = Mode::create().once_created();
        assert!(computed.deploy_time() && computed.values_once_created());
        assert!(computed.nested(true, true).values_once_created() && !computed.display().values_once_created());
        assert!(!Mode::create().deployed().values_once_created());
        // The release carries over to nested stacks and the other evaluations.
        let old = crate::release::Release::parse("16.1.0").unwrap_or_default();
        let answered = Mode::create().answered_by(old);
        assert_eq!(answered.nested(false, true).display().deployed().release(), old);
        assert_eq!(Mode::create().release(), crate::release::Release::LATEST);
    }
}
