//! Reading a type's generated record (`data::RECORDS`) into a [`TypeEntry`].
//!
//! The records are text because text compresses far better in the wasm module than
//! nested `&'static` structs (ARCHITECTURE.md, "The wasm package", Size). A record is
//! one line per item, in this order (`tools/gen_catalogue.py` writes it):
//!
//! - status; flags (`d` dynamic attributes, `n` None-like, `s` Snapshot); class name;
//!   external service (optional text); description;
//! - attributes: a count, then each name and description;
//! - update policy: a count, then each name and field count, then per field its name,
//!   kind (`i` integer, `n` number, `s` string) and minimum (`~` or `=N`);
//! - properties: a count, then each schema followed by its description;
//! - translation rules: a count, then each kind (`a` add, `r` replace, `d` delete),
//!   path (a count and names), value (optional literal), value name (optional text),
//!   value path and custom value path (`~` or a count and names), `when` (optional text).
//!
//! A schema: its name; its kind (`S` string, `I` integer, `N` number, `B` boolean,
//! `M` map, `L` list, `A` any) followed by flags (`r` required, `x` not implemented,
//! `u` update allowed, `d` a default follows, `i` an item schema follows, `k` key
//! schemas follow); the default; constraints (a count, then each rule and its
//! description as an optional text); the item schema; the key schemas (a count, then
//! each). A rule: `r`/`g` (range/length) then minimum and maximum (optional
//! literals), `o` (modulo) then step and offset, `vN` (N allowed values) then the
//! literals, `p` and the pattern, `c` and the custom constraint's name.
//!
//! A literal is a tag and its payload on one line: `n` null, `t`/`f`, `i` and an int,
//! `d` and a float (Python's `repr`, which Rust parses to the same value), `s` and a
//! text, `p` and a property name, `lN` then N literals, `mN` then N keys each followed
//! by its literal. An optional text is `~` or `=` and the text; an optional literal
//! `~` or the literal. Texts are slices of the record: nothing is copied.

use super::{
    FieldKind, Lit, PolicyField, PropConstraint, PropKind, PropSchema, Rule, TransKind, TransRule, TypeEntry,
    UpdatePolicy,
};

/// Decodes the record of type `name`. The decoded type lives for the process (the
/// catalogue's lookups return `&'static` data); each type is decoded once.
pub(super) fn entry(name: &'static str, record: &'static str) -> TypeEntry {
    read(name, &mut Lines(record.split('\n')))
}

fn read(name: &'static str, l: &mut Lines) -> TypeEntry {
    let status = l.next();
    let flags = l.next();
    let class = l.next();
    let external_service = l.opt_text();
    let description = l.next();
    let n = l.count();
    let (mut attributes, mut attribute_descriptions) = (Vec::with_capacity(n), Vec::with_capacity(n));
    for _ in 0..n {
        attributes.push(l.next());
        attribute_descriptions.push(l.next());
    }
    let update_policy = l.list(|l| UpdatePolicy {
        name: l.next(),
        fields: l.list(|l| PolicyField {
            name: l.next(),
            kind: match l.next() {
                "i" => FieldKind::Integer,
                "n" => FieldKind::Number,
                _ => FieldKind::String,
            },
            min: l.opt_text().and_then(|m| m.parse().ok()),
        }),
    });
    let n = l.count();
    let (mut schema, mut descriptions) = (Vec::with_capacity(n), Vec::with_capacity(n));
    for _ in 0..n {
        schema.push(l.schema());
        descriptions.push(l.next());
    }
    let translation = l.list(|l| TransRule {
        kind: match l.next() {
            "a" => TransKind::Add,
            "r" => TransKind::Replace,
            _ => TransKind::Delete,
        },
        path: l.texts(),
        value: l.opt_lit(),
        value_name: l.opt_text(),
        value_path: l.opt_texts(),
        custom_value_path: l.opt_texts(),
        when: l.opt_text(),
    });
    TypeEntry {
        name,
        status,
        description,
        attributes: leak(attributes),
        attribute_descriptions: leak(attribute_descriptions),
        dynamic_attributes: flags.contains('d'),
        none_like: flags.contains('n'),
        snapshot: flags.contains('s'),
        update_policy,
        descriptions: leak(descriptions),
        class,
        schema: leak(schema),
        translation,
        external_service,
    }
}

fn leak<T>(items: Vec<T>) -> &'static [T] {
    Box::leak(items.into_boxed_slice())
}

/// A record's lines. The records are generated and checked by the tests (every
/// type decodes, consuming its record exactly); a short record reads as empty lines.
struct Lines(std::str::Split<'static, char>);

impl Lines {
    fn next(&mut self) -> &'static str {
        self.0.next().unwrap_or("")
    }

    fn count(&mut self) -> usize {
        self.next().parse().unwrap_or(0)
    }

    /// A count, then that many items.
    fn list<T>(&mut self, mut item: impl FnMut(&mut Lines) -> T) -> &'static [T] {
        let n = self.count();
        let mut out = Vec::with_capacity(n);
        for _ in 0..n {
            out.push(item(self));
        }
        leak(out)
    }

    fn opt_text(&mut self) -> Option<&'static str> {
        self.next().strip_prefix('=')
    }

    fn texts(&mut self) -> &'static [&'static str] {
        self.list(Lines::next)
    }

    fn opt_texts(&mut self) -> Option<&'static [&'static str]> {
        match self.next() {
            "~" => None,
            n => Some(self.items(n.parse().unwrap_or(0), Lines::next)),
        }
    }

    fn items<T>(&mut self, n: usize, mut item: impl FnMut(&mut Lines) -> T) -> &'static [T] {
        let mut out = Vec::with_capacity(n);
        for _ in 0..n {
            out.push(item(self));
        }
        leak(out)
    }

    fn lit(&mut self) -> Lit {
        let line = self.next();
        self.lit_of(line)
    }

    fn opt_lit(&mut self) -> Option<Lit> {
        match self.next() {
            "~" => None,
            line => Some(self.lit_of(line)),
        }
    }

    fn lit_of(&mut self, line: &'static str) -> Lit {
        let Some(tag) = line.chars().next() else { return Lit::Null };
        let rest = &line[tag.len_utf8()..];
        let n = || rest.parse().unwrap_or(0);
        match tag {
            't' => Lit::Bool(true),
            'f' => Lit::Bool(false),
            'i' => Lit::Int(rest.parse().unwrap_or(0)),
            'd' => Lit::Float(rest.parse().unwrap_or(0.0)),
            's' => Lit::Str(rest),
            'p' => Lit::Prop(rest),
            'l' => Lit::List(self.items(n(), Lines::lit)),
            'm' => Lit::Map(self.items(n(), |l| (l.next(), l.lit()))),
            _ => Lit::Null,
        }
    }

    fn schema(&mut self) -> PropSchema {
        let name = self.next();
        let header = self.next();
        let kind = match header.chars().next() {
            Some('S') => PropKind::String,
            Some('I') => PropKind::Integer,
            Some('N') => PropKind::Number,
            Some('B') => PropKind::Boolean,
            Some('M') => PropKind::Map,
            Some('L') => PropKind::List,
            _ => PropKind::Any,
        };
        let flags = header.get(1..).unwrap_or("");
        let default = flags.contains('d').then(|| self.lit());
        let constraints = self.list(Lines::constraint);
        let item: Option<&'static PropSchema> =
            if flags.contains('i') { Some(Box::leak(Box::new(self.schema()))) } else { None };
        let keys = flags.contains('k').then(|| self.list(Lines::schema));
        PropSchema {
            name,
            kind,
            required: flags.contains('r'),
            implemented: !flags.contains('x'),
            update_allowed: flags.contains('u'),
            default,
            constraints,
            item,
            keys,
        }
    }

    fn constraint(&mut self) -> PropConstraint {
        let line = self.next();
        let Some(tag) = line.chars().next() else {
            return PropConstraint { rule: Rule::Custom(""), description: self.opt_text() };
        };
        let rest = &line[tag.len_utf8()..];
        let rule = match tag {
            'r' => Rule::Range { min: self.opt_lit(), max: self.opt_lit() },
            'g' => Rule::Length { min: self.opt_lit(), max: self.opt_lit() },
            'o' => Rule::Modulo { step: self.lit(), offset: self.lit() },
            'v' => Rule::AllowedValues(self.items(rest.parse().unwrap_or(0), Lines::lit)),
            'p' => Rule::AllowedPattern(rest),
            _ => Rule::Custom(rest),
        };
        PropConstraint { rule, description: self.opt_text() }
    }
}

#[cfg(test)]
mod tests {
    use super::super::data::{NAMES, RECORDS};
    use super::*;

    /// Every record is read to its last line: the reader and the generator agree on
    /// the format (a line too few or too many would shift everything after it).
    #[test]
    fn every_record_is_read_exactly() {
        for (name, record) in NAMES.iter().zip(RECORDS.iter()) {
            let mut l = Lines(record.split('\n'));
            let e = read(name, &mut l);
            assert_eq!(l.0.next(), None, "{name}: lines left");
            assert_eq!(e.schema.len(), e.descriptions.len());
            assert_eq!(e.attributes.len(), e.attribute_descriptions.len());
        }
    }
}
