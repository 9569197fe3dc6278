//! W3010: a reference to a conditional resource from a place its condition does not cover.

use crate::model::diag::Severity;
use crate::functions;
use crate::lint::model::Site;
use crate::lint::{Ctx, Doc, Findings, Info, Rule};
use crate::syntax::Node;
use crate::value::Value;

pub(crate) const RULE: Rule = Rule {
    info: Info {
        id: "W3010",
        name: "reference-to-conditional-resource",
        severity: Severity::Warning,
        on_by_default: true,
    },
    check,
};

pub(crate) const DOC: Doc = Doc {
    summary: "get_resource or get_attr of a conditional resource where its condition may be false",
    text: r#"
A resource with a `condition` does not exist when the condition is false,
and Heat refuses a stack in which an existing resource or output references
a missing one (`The specified reference ... is incorrect`). With the
parameter values of today the condition may be true and the stack fine; the
first stack created with other values fails.

A reference is covered when what holds where it is written implies the
condition: the referencing resource's or output's own condition and the
`if` branches around it (the true branch of `if: [c, ...]`, the false one
of its negation). Implication is decided over the conditions' formulas
(`and`, `or`, `not` of named conditions, parameter comparisons and other
condition functions as atoms) by truth table: a resource with condition
`cluster` may read one with condition `master_only` when `master_only` is
`{or: [cluster, is_master]}`. `equals` of one parameter with two different
values are never both true.
"#,
    bad: "heat_template_version: 2018-08-31\nparameters:\n  with_volume: {type: boolean, default: true}\nconditions:\n  volume: {get_param: with_volume}\nresources:\n  data:\n    type: OS::Cinder::Volume\n    condition: volume\n    properties: {size: 10}\noutputs:\n  volume_id:\n    value: {get_resource: data}\n",
    good: "heat_template_version: 2018-08-31\nparameters:\n  with_volume: {type: boolean, default: true}\nconditions:\n  volume: {get_param: with_volume}\nresources:\n  data:\n    type: OS::Cinder::Volume\n    condition: volume\n    properties: {size: 10}\noutputs:\n  volume_id:\n    value: {if: [volume, {get_resource: data}, null]}\n",
    files: &[],
};

/// How deep condition definitions are followed.
const DEPTH: usize = 8;

/// The most atoms a truth table is made for (2^16 rows); past it, a
/// reference is covered only by the same condition or one defined as `and`
/// of it.
const MAX_ATOMS: usize = 16;

/// A condition as a formula over its atoms: each parameter comparison,
/// boolean parameter or other condition function that is not `and`, `or`,
/// `not` (the same expression written twice is one atom).
#[derive(Clone, Debug)]
enum Formula {
    Const(bool),
    Atom(usize),
    Not(Box<Formula>),
    And(Vec<Formula>),
    Or(Vec<Formula>),
}

/// An atom: its text, and for `equals` of a parameter and a literal, the
/// parameter and the literal (two such atoms of one parameter with
/// different literals are never both true).
struct Atom {
    key: String,
    equals: Option<(String, String)>,
}

/// The atoms of the formulas made so far.
#[derive(Default)]
struct Atoms {
    atoms: Vec<Atom>,
}

impl Atoms {
    /// The formula of condition `name` (its definition, followed `depth`
    /// levels; an unknown or too deep name is an atom).
    fn named(&mut self, cx: &Ctx<'_>, name: &str, depth: usize) -> Formula {
        match cx.condition(name).filter(|_| depth > 0) {
            Some(c) => self.formula(cx, c.def, depth - 1),
            None => self.atom(format!("condition {name}"), None),
        }
    }

    /// The formula of a condition expression.
    fn formula(&mut self, cx: &Ctx<'_>, node: &Node, depth: usize) -> Formula {
        if let Some(name) = node.as_str() {
            return self.named(cx, name, depth);
        }
        if let Some(Value::Bool(b)) = node.scalar() {
            return Formula::Const(*b);
        }
        let args = node.as_map().and_then(|m| m.first()).map(|(_, v)| v);
        let items = || args.map(|a| a.as_list().unwrap_or(std::slice::from_ref(a))).unwrap_or(&[]);
        match (single(node), args) {
            (Some("not"), Some(a)) => Formula::Not(Box::new(self.formula(cx, a, depth))),
            (Some("and"), Some(_)) => Formula::And(items().iter().map(|n| self.formula(cx, n, depth)).collect()),
            (Some("or"), Some(_)) => Formula::Or(items().iter().map(|n| self.formula(cx, n, depth)).collect()),
            (Some("equals"), Some(a)) => {
                let compared = a.as_list().and_then(|pair| match pair {
                    [x, y] => param_and_literal(x, y).or_else(|| param_and_literal(y, x)),
                    _ => None,
                });
                self.atom(format!("{:?}", node.to_value()), compared)
            }
            _ => self.atom(format!("{:?}", node.to_value()), None),
        }
    }

    fn atom(&mut self, key: String, equals: Option<(String, String)>) -> Formula {
        let i = match self.atoms.iter().position(|a| a.key == key) {
            Some(i) => i,
            None => {
                self.atoms.push(Atom { key, equals });
                self.atoms.len() - 1
            }
        };
        Formula::Atom(i)
    }

    /// Whether `row` (bit i: atom i true) can happen: no two `equals` of one
    /// parameter with different literals both true.
    fn possible(&self, row: u32) -> bool {
        let on: Vec<&(String, String)> = (0..self.atoms.len())
            .filter(|i| row & (1 << i) != 0)
            .filter_map(|i| self.atoms.get(i).and_then(|a| a.equals.as_ref()))
            .collect();
        !on.iter().enumerate().any(|(i, (p, v))| on.iter().skip(i + 1).any(|(q, w)| p == q && v != w))
    }

    /// Whether `premise` implies `conclusion` on every possible row of the
    /// truth table; `None` when the atoms are too many for one.
    fn implies(&self, premise: &Formula, conclusion: &Formula) -> Option<bool> {
        let n = self.atoms.len();
        if n > MAX_ATOMS {
            return None;
        }
        Some((0..1u32 << n).all(|row| !self.possible(row) || !premise.holds(row) || conclusion.holds(row)))
    }
}

impl Formula {
    /// Its value on a row of the truth table.
    fn holds(&self, row: u32) -> bool {
        match self {
            Formula::Const(b) => *b,
            Formula::Atom(i) => row & (1 << i) != 0,
            Formula::Not(f) => !f.holds(row),
            Formula::And(fs) => fs.iter().all(|f| f.holds(row)),
            Formula::Or(fs) => fs.iter().any(|f| f.holds(row)),
        }
    }
}

/// `(parameter, literal)` of `{get_param: P}` compared with a scalar.
fn param_and_literal(param: &Node, literal: &Node) -> Option<(String, String)> {
    let name = match param.as_map() {
        Some([(k, v)]) if k.as_str() == Some("get_param") => v.as_str()?,
        _ => return None,
    };
    let value = literal.scalar()?;
    Some((name.to_string(), format!("{value:?}")))
}

/// Whether condition `name` being `polarity` implies `target` is true,
/// reading definitions that are `and`, `or`, `not` of names only (the
/// fallback past [`MAX_ATOMS`]).
fn implies_by_names(cx: &Ctx<'_>, name: &str, polarity: bool, target: &str, depth: usize) -> bool {
    if polarity && name == target {
        return true;
    }
    let Some(def) = cx.condition(name).map(|c| c.def).filter(|_| depth > 0) else { return false };
    let (Some(d), Some(args)) = (single(def), def.as_map().and_then(|m| m.first()).map(|(_, v)| v)) else {
        return def.as_str().is_some_and(|alias| implies_by_names(cx, alias, polarity, target, depth - 1));
    };
    let names = || args.as_list().unwrap_or(std::slice::from_ref(args)).iter().filter_map(Node::as_str);
    match (d, polarity) {
        ("and", true) => names().any(|n| implies_by_names(cx, n, true, target, depth - 1)),
        ("or", false) => names().any(|n| implies_by_names(cx, n, false, target, depth - 1)),
        ("not", _) => names().any(|n| implies_by_names(cx, n, !polarity, target, depth - 1)),
        _ => false,
    }
}

/// Whether what holds where a reference is (its definition's condition, the
/// `if` branches around it: each a condition and the branch's polarity)
/// implies condition `target`.
fn covered(cx: &Ctx<'_>, covering: &[(&Node, bool)], target: &str) -> bool {
    let mut atoms = Atoms::default();
    let premise = Formula::And(
        covering
            .iter()
            .map(|(c, polarity)| {
                let f = atoms.formula(cx, c, DEPTH);
                if *polarity { f } else { Formula::Not(Box::new(f)) }
            })
            .collect(),
    );
    let conclusion = atoms.named(cx, target, DEPTH);
    atoms.implies(&premise, &conclusion).unwrap_or_else(|| {
        covering
            .iter()
            .any(|(c, polarity)| c.as_str().is_some_and(|c| implies_by_names(cx, c, *polarity, target, DEPTH)))
    })
}

/// The function name of a one-key map.
fn single(node: &Node) -> Option<&str> {
    match node.as_map() {
        Some([(k, _)]) => k.as_str(),
        _ => None,
    }
}

fn check(cx: &Ctx<'_>, out: &mut Findings<'_>) {
    for call in cx.calls_of([&functions::get_resource::GET_RESOURCE, &functions::get_attr::GET_ATT, &functions::get_attr::GET_ATT_ALL, &functions::get_attr::GET_ATT_THEN_SELECT]) {
        let Some(target) = call.target().and_then(Node::as_str) else { continue };
        let Some(cond) = cx.resource(target).and_then(|r| r.condition).and_then(Node::as_str) else { continue };
        // A condition that is always true does not remove the resource.
        if covered(cx, &[], cond) {
            continue;
        }
        let own = match call.site {
            Site::Resource(i) => cx.resources.get(i).and_then(|r| r.condition),
            Site::Output(i) => cx.outputs.get(i).and_then(|o| o.condition),
            Site::Condition(_) => continue,
        };
        let mut covering: Vec<(&Node, bool)> = own.map(|c| (c, true)).into_iter().collect();
        covering.extend(call.guards.iter().map(|g| (g.condition, g.branch)));
        if covered(cx, &covering, cond) {
            continue;
        }
        out.report(
            call.map.span,
            &call.path,
            format!(
                "`{target}` exists only when `{cond}` is true; here nothing checks `{cond}`, and Heat refuses the stack whenever it is false"
            ),
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::tests::run;

    #[test]
    fn own_conditions_guards_and_definitions_cover() {
        let t = "heat_template_version: 2018-08-31\nparameters:\n  p: {type: boolean, default: true}\nconditions:\n  c: {get_param: p}\n  both: {and: [c, {get_param: p}]}\n  nc: {not: c}\n  yes_: true\nresources:\n  r: {type: OS::Heat::None, condition: c}\n  a: {type: OS::Heat::Value, condition: c, properties: {value: {get_resource: r}}}\n  b: {type: OS::Heat::Value, condition: both, properties: {value: {get_resource: r}}}\n  d: {type: OS::Heat::Value, properties: {value: {if: [nc, x, {get_attr: [r, y]}]}}}\n  e: {type: OS::Heat::Value, properties: {value: {get_attr: [r, y]}}}\n  always: {type: OS::Heat::None, condition: yes_}\n  f: {type: OS::Heat::Value, properties: {value: {get_resource: always}}}\n";
        let found = run("W3010", t, &[]);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].1, "{get_attr: [r, y]}");
    }

    /// A template whose resource `r` has condition `target` and whose
    /// resource `user` (condition `own`, if any) reads it.
    fn reading(conditions: &str, target: &str, own: Option<&str>) -> String {
        let own = own.map(|c| format!(", condition: {c}")).unwrap_or_default();
        format!(
            "heat_template_version: 2018-08-31\nparameters:\n  p: {{type: boolean, default: true}}\n  q: {{type: boolean, default: true}}\n  env: {{type: string, default: dev}}\nconditions:\n{conditions}resources:\n  r: {{type: OS::Heat::None, condition: {target}}}\n  user: {{type: OS::Heat::Value{own}, properties: {{value: {{get_resource: r}}}}}}\n"
        )
    }

    fn hits(conditions: &str, target: &str, own: Option<&str>) -> usize {
        run("W3010", &reading(conditions, target, own), &[]).len()
    }

    const ATOMS: &str = "  a: {get_param: p}\n  b: {get_param: q}\n  prod: {equals: [{get_param: env}, prod]}\n  dev: {equals: [{get_param: env}, dev]}\n";

    #[test]
    fn implication_over_or_and_not_chains() {
        // The issue's case: `master_only` is `or` of the reader's condition.
        let c = format!("{ATOMS}  cluster: a\n  master_only: {{or: [cluster, b]}}\n");
        assert_eq!(hits(&c, "master_only", Some("cluster")), 0);
        // `or` does not imply one of its parts.
        assert_eq!(hits(&c, "cluster", Some("master_only")), 1);
        // and → each part; not(or) → not of each part; double negation.
        let c = format!("{ATOMS}  both: {{and: [a, {{and: [b, prod]}}]}}\n  neither: {{not: {{or: [a, b]}}}}\n  not_a: {{not: a}}\n  twice: {{not: {{not: b}}}}\n");
        assert_eq!(hits(&c, "b", Some("both")), 0);
        assert_eq!(hits(&c, "prod", Some("both")), 0);
        assert_eq!(hits(&c, "not_a", Some("neither")), 0);
        assert_eq!(hits(&c, "twice", Some("b")), 0);
        assert_eq!(hits(&c, "a", Some("not_a")), 1);
        assert_eq!(hits(&c, "both", Some("a")), 1);
        // De Morgan: not(and(a, b)) is or(not a, not b).
        let c = format!("{ATOMS}  nand: {{not: {{and: [a, b]}}}}\n  either_not: {{or: [{{not: a}}, {{not: b}}]}}\n");
        assert_eq!(hits(&c, "nand", Some("either_not")), 0);
        assert_eq!(hits(&c, "either_not", Some("nand")), 0);
        // Without a condition of its own nothing is implied.
        assert_eq!(hits(&c, "nand", None), 1);
    }

    #[test]
    fn one_parameter_equals_one_value_at_a_time() {
        let c = format!("{ATOMS}  not_dev: {{not: dev}}\n");
        assert_eq!(hits(&c, "not_dev", Some("prod")), 0);
        assert_eq!(hits(&c, "dev", Some("prod")), 1);
        assert_eq!(hits(&c, "prod", Some("not_dev")), 1);
    }

    #[test]
    fn if_branches_join_the_own_condition() {
        // Condition `a` and the true branch of `if: [b, …]` together cover `and: [a, b]`.
        let t = "heat_template_version: 2018-08-31\nparameters:\n  p: {type: boolean, default: true}\n  q: {type: boolean, default: true}\nconditions:\n  a: {get_param: p}\n  b: {get_param: q}\n  ab: {and: [a, b]}\nresources:\n  r: {type: OS::Heat::None, condition: ab}\n  user: {type: OS::Heat::Value, condition: a, properties: {value: {if: [b, {get_resource: r}, {get_attr: [r, x]}]}}}\n";
        let found = run("W3010", t, &[]);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].1, "{get_attr: [r, x]}");
    }
}
