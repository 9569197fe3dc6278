//! The compiled form of a pattern and the backtracking matcher that runs it.
//!
//! Choice points, undo entries for groups and repeat counters live on one
//! `Vec` (no recursion per character). Atomic groups and lookarounds run their
//! body as a sub-match on the same stack and keep none of its choice points;
//! that recursion is bounded by the pattern's nesting.

use super::parse::{self, At, Cat, Greed, Item, Parsed, SetItem, MAXREPEAT};
use super::{extra_cases, is_cased, is_digit, is_space, is_word, lower, lower_ascii, upper, Error};
use super::{ASCII, DOTALL, IGNORECASE, MULTILINE, UNICODE};

/// A search ran out of its budget (Python would keep running).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Limit;

/// Instructions a search may execute per backtracking step of its budget.
const WORK_PER_STEP: usize = 100;

/// Entries the backtracking stack may hold (choice points and undo entries,
/// 32 bytes each): a repeat of a group over a long subject keeps one per
/// iteration, so memory stays bounded as time does.
const MAX_STACK: usize = 1 << 20;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Case {
    Uni,
    Ascii,
}

impl Case {
    fn lower(self, c: u32) -> u32 {
        match self {
            Case::Uni => lower(c),
            Case::Ascii => lower_ascii(c),
        }
    }
}

/// A test of one character.
#[derive(Debug, Clone, Copy)]
enum One {
    Char(u32),
    NotChar(u32),
    /// The character's lower case is this one.
    Fold(u32, Case),
    NotFold(u32, Case),
    Set(usize),
    /// `.` without DOTALL.
    Any,
    AnyAll,
}

#[derive(Debug)]
enum Tail {
    Lit(u32),
    /// A range past U+FFFF under IGNORECASE: the lower case or its upper case in it.
    RangeUpper(u32, u32),
    Cat(Cat),
}

/// A character class as sre compiles it (`_optimize_charset`).
#[derive(Debug)]
struct Set {
    negate: bool,
    /// Under IGNORECASE with a cased member: the character's lower case is tested.
    fold: Option<Case>,
    ascii: bool,
    ranges: Vec<(u32, u32)>,
    tail: Vec<Tail>,
}

#[derive(Debug, Clone, Copy)]
enum Anchor {
    Beginning,
    BeginLine,
    BeginString,
    End,
    EndLine,
    EndString,
    Boundary { ascii: bool },
    NonBoundary { ascii: bool },
}

#[derive(Debug)]
enum Inst {
    Match,
    One(One),
    /// A repeat of one character (sre's REPEAT_ONE / MIN_REPEAT_ONE).
    Star {
        one: One,
        min: u32,
        max: u32,
        greedy: bool,
    },
    At(Anchor),
    Save(usize),
    /// Try the first, then the second.
    Split(usize, usize),
    Jmp(usize),
    RepStart(usize),
    /// A greedy repeat's decision point; the body follows.
    RepMax {
        r: usize,
        min: u32,
        max: u32,
        exit: usize,
    },
    /// A lazy repeat's decision point; `RepMinIter` follows, then the body.
    RepMin {
        r: usize,
        min: u32,
        exit: usize,
    },
    RepMinIter {
        r: usize,
        max: u32,
    },
    Backref {
        g: usize,
        fold: Option<Case>,
    },
    /// A lookaround: its body follows, ending with `Match`; `end` is after it.
    Look {
        behind: bool,
        neg: bool,
        width: usize,
        end: usize,
    },
    Atomic {
        end: usize,
    },
    IfGroup {
        g: usize,
        no: usize,
    },
}

#[derive(Debug)]
pub(super) struct Program {
    insts: Vec<Inst>,
    sets: Vec<Set>,
    repeats: usize,
}

struct Compiler<'a> {
    insts: Vec<Inst>,
    sets: Vec<Set>,
    repeats: usize,
    widths: &'a [(u128, u128)],
}

pub(super) fn compile(parsed: &Parsed) -> Result<Program, Error> {
    parse::check_lookbehinds(&parsed.items, &parsed.widths)?;
    let mut c = Compiler { insts: Vec::new(), sets: Vec::new(), repeats: 0, widths: &parsed.widths };
    c.seq(&parsed.items, parsed.flags);
    c.insts.push(Inst::Match);
    Ok(Program { insts: c.insts, sets: c.sets, repeats: c.repeats })
}

/// `_combine_flags`: a type flag added replaces the others.
fn combine(flags: u32, add: u32, del: u32) -> u32 {
    let mut f = flags;
    if add & (ASCII | UNICODE) != 0 {
        f &= !(ASCII | UNICODE);
    }
    (f | add) & !del
}

fn case_of(flags: u32) -> Case {
    if flags & ASCII != 0 {
        Case::Ascii
    } else {
        Case::Uni
    }
}

/// Whether `a..=b` holds a character IGNORECASE treats as cased (sre's `iscased`).
fn cased_in(a: u32, b: u32, case: Case) -> bool {
    match case {
        Case::Ascii => a <= 0x7A && b >= 0x41 && !(a > 0x5A && b < 0x61),
        Case::Uni => {
            let i = super::tables::CASED.partition_point(|&(_, last)| last < a);
            super::tables::CASED.get(i).is_some_and(|&(first, _)| first <= b)
        }
    }
}

/// The lower cases of `a..=b` (all at or below U+FFFF), pushed as ranges: the
/// range itself (its upper-case members are never a lower case, sre's map being
/// idempotent, so keeping them changes nothing) and the image of each run of the
/// lower-case map that meets it. Work is per run, not per character.
fn lower_image(a: u32, b: u32, case: Case, out: &mut Vec<(u32, u32)>) {
    out.push((a, b));
    let runs: &[(u32, u32, i32)] = match case {
        Case::Uni => super::tables::LOWER,
        Case::Ascii => &[(0x41, 0x5A, 32)],
    };
    for &(first, last, delta) in runs {
        let stride2 = last & (1 << 31) != 0;
        let last = last & !(1 << 31);
        let (lo, hi) = (first.max(a), last.min(b));
        if lo > hi {
            continue;
        }
        let shift = |c: u32| c.checked_add_signed(delta).unwrap_or(c);
        if stride2 {
            let start = if (lo - first) % 2 == 0 { lo } else { lo + 1 };
            out.extend((start..=hi).step_by(2).map(|c| (shift(c), shift(c))));
        } else {
            out.push((shift(lo), shift(hi)));
        }
    }
}

fn ranges_of(mut v: Vec<(u32, u32)>) -> Vec<(u32, u32)> {
    crate::sort::sort(&mut v);
    let mut out: Vec<(u32, u32)> = Vec::with_capacity(v.len());
    for (a, b) in v {
        match out.last_mut() {
            Some(last) if a <= last.1.saturating_add(1) => last.1 = last.1.max(b),
            _ => out.push((a, b)),
        }
    }
    out
}

impl Compiler<'_> {
    fn pc(&self) -> usize {
        self.insts.len()
    }

    fn patch(&mut self, at: usize, target: usize) {
        match self.insts.get_mut(at) {
            Some(Inst::Split(_, b)) => *b = target,
            Some(Inst::Jmp(a)) => *a = target,
            Some(Inst::RepMax { exit, .. } | Inst::RepMin { exit, .. }) => *exit = target,
            Some(Inst::Look { end, .. } | Inst::Atomic { end }) => *end = target,
            Some(Inst::IfGroup { no, .. }) => *no = target,
            _ => {}
        }
    }

    /// A literal (or its negation) with the flags' case rules (sre's `_compile` for LITERAL).
    fn literal(&mut self, c: u32, negate: bool, flags: u32) -> One {
        if flags & IGNORECASE != 0 {
            match case_of(flags) {
                Case::Ascii if (c as u8 as u32 == c) && (c as u8).is_ascii_alphabetic() => {
                    let lo = lower_ascii(c);
                    return if negate { One::NotFold(lo, Case::Ascii) } else { One::Fold(lo, Case::Ascii) };
                }
                Case::Uni if is_cased(c) => {
                    let lo = lower(c);
                    let extra = extra_cases(lo);
                    if extra.is_empty() {
                        return if negate { One::NotFold(lo, Case::Uni) } else { One::Fold(lo, Case::Uni) };
                    }
                    let ranges = ranges_of(extra.iter().map(|&k| (k, k)).chain([(lo, lo)]).collect());
                    self.sets.push(Set { negate, fold: Some(Case::Uni), ascii: false, ranges, tail: Vec::new() });
                    return One::Set(self.sets.len() - 1);
                }
                _ => {}
            }
        }
        if negate {
            One::NotChar(c)
        } else {
            One::Char(c)
        }
    }

    /// A class (sre's `_optimize_charset` with its case rules).
    fn set(&mut self, negate: bool, items: &[SetItem], flags: u32) -> One {
        let ascii = flags & ASCII != 0;
        let case = case_of(flags);
        let icase = flags & IGNORECASE != 0
            && items.iter().any(|it| match *it {
                SetItem::Lit(c) => cased_in(c, c, case),
                SetItem::Range(a, b) => b > 0xFFFF || cased_in(a, b, case),
                SetItem::Cat(_) => false,
            });
        let mut tail = Vec::new();
        let mut raw = Vec::new();
        for it in items {
            match *it {
                SetItem::Lit(c) => raw.push((c, c)),
                SetItem::Range(a, b) => raw.push((a, b)),
                SetItem::Cat(k) => tail.push(Tail::Cat(k)),
            }
        }
        let ranges = if !icase {
            ranges_of(raw)
        } else {
            // the lower cases (and their extra equivalents) of the members up to
            // U+FFFF; members past it are compared as written (sre's tail)
            let mut out = Vec::new();
            for it in items {
                match *it {
                    SetItem::Lit(c) if c > 0xFFFF => tail.push(Tail::Lit(c)),
                    SetItem::Range(a, b) if b > 0xFFFF => tail.push(Tail::RangeUpper(a, b)),
                    _ => {}
                }
            }
            let bmp: Vec<(u32, u32)> =
                raw.into_iter().filter(|&(a, _)| a <= 0xFFFF).map(|(a, b)| (a, b.min(0xFFFF))).collect();
            for (a, b) in ranges_of(bmp) {
                lower_image(a, b, case, &mut out);
            }
            let mut image = ranges_of(out);
            if case == Case::Uni {
                // sre adds each lower case's extra equivalents
                let extra: Vec<(u32, u32)> = super::tables::EXTRA_CASES
                    .iter()
                    .filter(|g| g.iter().any(|&k| super::in_ranges(&image, k)))
                    .flat_map(|g| g.iter().map(|&k| (k, k)))
                    .collect();
                image.extend(extra);
                image = ranges_of(image);
            }
            image
        };
        self.sets.push(Set { negate, fold: icase.then_some(case), ascii, ranges, tail });
        One::Set(self.sets.len() - 1)
    }

    fn one(&mut self, item: &Item, flags: u32) -> Option<One> {
        Some(match item {
            Item::Lit(c) => self.literal(*c, false, flags),
            Item::NotLit(c) => self.literal(*c, true, flags),
            Item::Any => {
                if flags & DOTALL != 0 {
                    One::AnyAll
                } else {
                    One::Any
                }
            }
            Item::In { negate, items } => self.set(*negate, items, flags),
            _ => return None,
        })
    }

    fn seq(&mut self, items: &[Item], flags: u32) {
        for item in items {
            self.item(item, flags);
        }
    }

    fn item(&mut self, item: &Item, flags: u32) {
        if let Some(one) = self.one(item, flags) {
            self.insts.push(Inst::One(one));
            return;
        }
        match item {
            Item::At(a) => {
                let ascii = flags & ASCII != 0;
                let m = flags & MULTILINE != 0;
                self.insts.push(Inst::At(match a {
                    At::Beginning if m => Anchor::BeginLine,
                    At::Beginning => Anchor::Beginning,
                    At::End if m => Anchor::EndLine,
                    At::End => Anchor::End,
                    At::BeginString => Anchor::BeginString,
                    At::EndString => Anchor::EndString,
                    At::Boundary => Anchor::Boundary { ascii },
                    At::NonBoundary => Anchor::NonBoundary { ascii },
                }));
            }
            Item::Branch(alts) => {
                let mut jumps = Vec::new();
                let n = alts.len();
                for (i, alt) in alts.iter().enumerate() {
                    if i + 1 < n {
                        let split = self.pc();
                        self.insts.push(Inst::Split(split + 1, 0));
                        self.seq(alt, flags);
                        jumps.push(self.pc());
                        self.insts.push(Inst::Jmp(0));
                        let next = self.pc();
                        self.patch(split, next);
                    } else {
                        self.seq(alt, flags);
                    }
                }
                let end = self.pc();
                for j in jumps {
                    self.patch(j, end);
                }
            }
            Item::Sub { group, add, del, body } => {
                let inner = combine(flags, *add, *del);
                if let Some(g) = group {
                    self.insts.push(Inst::Save(2 * g));
                    self.seq(body, inner);
                    self.insts.push(Inst::Save(2 * g + 1));
                } else {
                    self.seq(body, inner);
                }
            }
            Item::Repeat { min, max, greed, body } => {
                let possessive = *greed == Greed::Possessive;
                let atomic = self.pc();
                if possessive {
                    self.insts.push(Inst::Atomic { end: 0 });
                }
                let single = match body.as_slice() {
                    [one] => self.one(one, flags),
                    _ => None,
                };
                let greedy = *greed != Greed::Min;
                if let Some(one) = single {
                    self.insts.push(Inst::Star { one, min: *min, max: *max, greedy });
                } else {
                    let r = self.repeats;
                    self.repeats += 1;
                    self.insts.push(Inst::RepStart(r));
                    let head = self.pc();
                    if greedy {
                        self.insts.push(Inst::RepMax { r, min: *min, max: *max, exit: 0 });
                    } else {
                        self.insts.push(Inst::RepMin { r, min: *min, exit: 0 });
                        self.insts.push(Inst::RepMinIter { r, max: *max });
                    }
                    self.seq(body, flags);
                    self.insts.push(Inst::Jmp(head));
                    let exit = self.pc();
                    self.patch(head, exit);
                }
                if possessive {
                    self.insts.push(Inst::Match);
                    let end = self.pc();
                    self.patch(atomic, end);
                }
            }
            Item::GroupRef(g) => {
                let fold = (flags & IGNORECASE != 0).then(|| case_of(flags));
                self.insts.push(Inst::Backref { g: *g, fold });
            }
            Item::GroupRefExists { group, yes, no } => {
                let at = self.pc();
                self.insts.push(Inst::IfGroup { g: *group, no: 0 });
                self.seq(yes, flags);
                let jmp = self.pc();
                self.insts.push(Inst::Jmp(0));
                let no_pc = self.pc();
                self.patch(at, no_pc);
                if let Some(no) = no {
                    self.seq(no, flags);
                }
                let end = self.pc();
                self.patch(jmp, end);
            }
            Item::Assert { behind, neg, body } => {
                let width = if *behind {
                    let widths = self.widths;
                    let (lo, _) = parse::width(body, &|g| widths.get(g).copied().unwrap_or((0, 0)));
                    usize::try_from(lo).unwrap_or(usize::MAX)
                } else {
                    0
                };
                let at = self.pc();
                self.insts.push(Inst::Look { behind: *behind, neg: *neg, width, end: 0 });
                self.seq(body, flags);
                self.insts.push(Inst::Match);
                let end = self.pc();
                self.patch(at, end);
            }
            Item::Atomic(body) => {
                let at = self.pc();
                self.insts.push(Inst::Atomic { end: 0 });
                self.seq(body, flags);
                self.insts.push(Inst::Match);
                let end = self.pc();
                self.patch(at, end);
            }
            Item::Lit(_) | Item::NotLit(_) | Item::Any | Item::In { .. } => {}
        }
    }
}

fn cat(k: Cat, c: u32, ascii: bool) -> bool {
    match k {
        Cat::Digit => is_digit(c, ascii),
        Cat::NotDigit => !is_digit(c, ascii),
        Cat::Space => is_space(c, ascii),
        Cat::NotSpace => !is_space(c, ascii),
        Cat::Word => is_word(c, ascii),
        Cat::NotWord => !is_word(c, ascii),
    }
}

impl Set {
    fn has(&self, ch: u32) -> bool {
        let c = match self.fold {
            None => ch,
            Some(case) => case.lower(ch),
        };
        let hit = super::in_ranges(&self.ranges, c)
            || self.tail.iter().any(|t| match *t {
                Tail::Lit(x) => c == x,
                Tail::RangeUpper(a, b) => (a..=b).contains(&c) || (a..=b).contains(&upper(c)),
                Tail::Cat(k) => cat(k, c, self.ascii),
            });
        hit != self.negate
    }
}

impl Program {
    fn test(&self, one: One, ch: char) -> bool {
        let c = u32::from(ch);
        match one {
            One::Char(x) => c == x,
            One::NotChar(x) => c != x,
            One::Fold(x, case) => case.lower(c) == x,
            One::NotFold(x, case) => case.lower(c) != x,
            One::Set(i) => self.sets.get(i).is_some_and(|s| s.has(c)),
            One::Any => ch != '\n',
            One::AnyAll => true,
        }
    }

    /// The character the instruction at `pc` must see, if it is a plain literal.
    fn next_char(&self, pc: usize) -> Option<u32> {
        match self.insts.get(pc) {
            Some(Inst::One(One::Char(c))) => Some(*c),
            _ => None,
        }
    }
}

#[derive(Debug)]
enum Frame {
    Alt {
        pc: usize,
        pos: usize,
    },
    Slot {
        i: usize,
        old: Option<usize>,
    },
    Count {
        r: usize,
        old: (u32, usize),
    },
    /// A greedy `Star` at `pc` that may give back characters down to `lo`.
    Star {
        pc: usize,
        pos: usize,
        lo: usize,
    },
    /// A lazy `Star` at `pc` that may take more characters up to `hi`.
    Lazy {
        pc: usize,
        pos: usize,
        hi: usize,
    },
}

struct Vm<'a> {
    prog: &'a Program,
    text: &'a [char],
    slots: Vec<Option<usize>>,
    counts: Vec<(u32, usize)>,
    stack: Vec<Frame>,
    steps: usize,
    limit: usize,
    work: usize,
    work_limit: usize,
    start: usize,
    must_advance: bool,
    depth: usize,
}

const NO_POS: usize = usize::MAX;

impl Vm<'_> {
    fn is_word_at(&self, pos: usize, ascii: bool) -> bool {
        self.text.get(pos).is_some_and(|c| is_word(u32::from(*c), ascii))
    }

    fn anchor(&self, a: Anchor, pos: usize) -> bool {
        let len = self.text.len();
        let at = |p: usize| self.text.get(p).copied();
        match a {
            Anchor::Beginning | Anchor::BeginString => pos == 0,
            Anchor::BeginLine => pos == 0 || (pos > 0 && at(pos - 1) == Some('\n')),
            Anchor::End => pos == len || (pos + 1 == len && at(pos) == Some('\n')),
            Anchor::EndLine => pos == len || at(pos) == Some('\n'),
            Anchor::EndString => pos == len,
            Anchor::Boundary { ascii } | Anchor::NonBoundary { ascii } => {
                if len == 0 {
                    return false;
                }
                let before = pos > 0 && self.is_word_at(pos - 1, ascii);
                let after = self.is_word_at(pos, ascii);
                (before != after) == matches!(a, Anchor::Boundary { .. })
            }
        }
    }

    fn set_slot(&mut self, i: usize, v: Option<usize>) {
        if let Some(s) = self.slots.get_mut(i) {
            let old = std::mem::replace(s, v);
            self.stack.push(Frame::Slot { i, old });
        }
    }

    fn set_count(&mut self, r: usize, v: (u32, usize)) {
        if let Some(s) = self.counts.get_mut(r) {
            let old = std::mem::replace(s, v);
            self.stack.push(Frame::Count { r, old });
        }
    }

    fn count(&self, r: usize) -> (u32, usize) {
        self.counts.get(r).copied().unwrap_or((0, NO_POS))
    }

    fn group(&self, g: usize) -> Option<(usize, usize)> {
        let s = self.slots.get(2 * g).copied().flatten()?;
        let e = self.slots.get(2 * g + 1).copied().flatten()?;
        Some((s, e))
    }

    fn backref(&self, g: usize, fold: Option<Case>, pos: usize) -> Option<usize> {
        let (s, e) = self.group(g)?;
        let want = self.text.get(s..e.max(s))?;
        let have = self.text.get(pos..pos + want.len())?;
        let same = want.iter().zip(have).all(|(a, b)| match fold {
            None => a == b,
            Some(case) => case.lower(u32::from(*a)) == case.lower(u32::from(*b)),
        });
        same.then_some(pos + want.len())
    }

    /// The highest position in `lo..=pos` where the instruction after a `Star`
    /// at `pc` could match (skipping those where a literal after it cannot).
    fn star_stop(&self, pc: usize, mut pos: usize, lo: usize) -> Option<usize> {
        if let Some(c) = self.prog.next_char(pc + 1) {
            while self.text.get(pos).map(|x| u32::from(*x)) != Some(c) {
                if pos <= lo {
                    return None;
                }
                pos -= 1;
            }
        }
        Some(pos)
    }

    fn step(&mut self) -> Result<(), Limit> {
        self.steps += 1;
        if self.steps > self.limit {
            return Err(Limit);
        }
        Ok(())
    }

    /// A sub-match for an atomic group or a lookaround: its end, none of its
    /// choice points kept; the groups it set are kept when `keep`.
    fn sub(&mut self, pc: usize, pos: usize, keep: bool) -> Result<Option<usize>, Limit> {
        let base = self.stack.len();
        let saved = self.slots.clone();
        self.depth += 1;
        let r = self.run(pc, pos);
        self.depth -= 1;
        let r = r?;
        if r.is_some() {
            self.stack.truncate(base);
            if keep {
                for (i, old) in saved.into_iter().enumerate() {
                    if self.slots.get(i) != Some(&old) {
                        self.stack.push(Frame::Slot { i, old });
                    }
                }
            } else {
                self.slots = saved;
            }
        }
        Ok(r)
    }

    fn run(&mut self, mut pc: usize, mut pos: usize) -> Result<Option<usize>, Limit> {
        let base = self.stack.len();
        let prog = self.prog;
        let len = self.text.len();
        loop {
            self.work += 1;
            if self.work > self.work_limit || self.stack.len() > MAX_STACK {
                return Err(Limit);
            }
            let ok = match prog.insts.get(pc) {
                None => false,
                Some(Inst::Match) => {
                    if self.depth == 0 && self.must_advance && pos == self.start {
                        false
                    } else {
                        return Ok(Some(pos));
                    }
                }
                Some(Inst::One(one)) => {
                    if self.text.get(pos).is_some_and(|ch| prog.test(*one, *ch)) {
                        pos += 1;
                        pc += 1;
                        continue;
                    }
                    false
                }
                Some(&Inst::Star { one, min, max, greedy }) => {
                    let room = len - pos;
                    let max = usize::try_from(max).unwrap_or(usize::MAX).min(room);
                    let min = usize::try_from(min).unwrap_or(usize::MAX);
                    if greedy {
                        let n = self
                            .text
                            .get(pos..pos + max)
                            .map_or(0, |s| s.iter().take_while(|c| prog.test(one, **c)).count());
                        self.work += n;
                        if n < min {
                            false
                        } else if let Some(stop) = self.star_stop(pc, pos + n, pos + min) {
                            if stop > pos + min {
                                self.stack.push(Frame::Star { pc, pos: stop, lo: pos + min });
                            }
                            pos = stop;
                            pc += 1;
                            continue;
                        } else {
                            false
                        }
                    } else if min > room
                        || !self.text.get(pos..pos + min).is_some_and(|s| s.iter().all(|c| prog.test(one, *c)))
                    {
                        false
                    } else {
                        self.work += min;
                        let hi = pos + max;
                        pos += min;
                        if pos < hi {
                            self.stack.push(Frame::Lazy { pc, pos, hi });
                        }
                        pc += 1;
                        continue;
                    }
                }
                Some(&Inst::At(a)) => {
                    if self.anchor(a, pos) {
                        pc += 1;
                        continue;
                    }
                    false
                }
                Some(&Inst::Save(i)) => {
                    self.set_slot(i, Some(pos));
                    pc += 1;
                    continue;
                }
                Some(&Inst::Split(a, b)) => {
                    self.stack.push(Frame::Alt { pc: b, pos });
                    pc = a;
                    continue;
                }
                Some(&Inst::Jmp(a)) => {
                    pc = a;
                    continue;
                }
                Some(&Inst::RepStart(r)) => {
                    self.set_count(r, (0, NO_POS));
                    pc += 1;
                    continue;
                }
                Some(&Inst::RepMax { r, min, max, exit }) => {
                    let (c, last) = self.count(r);
                    if c < min {
                        // as sre: iterations up to the minimum leave the
                        // empty-iteration check's position alone
                        self.set_count(r, (c + 1, last));
                        pc += 1;
                    } else if (c < max || max == MAXREPEAT) && pos != last {
                        self.stack.push(Frame::Alt { pc: exit, pos });
                        self.set_count(r, (c.saturating_add(1), pos));
                        pc += 1;
                    } else {
                        pc = exit;
                    }
                    continue;
                }
                Some(&Inst::RepMin { r, min, exit }) => {
                    let (c, last) = self.count(r);
                    if c < min {
                        self.set_count(r, (c + 1, last));
                        pc += 2;
                    } else {
                        self.stack.push(Frame::Alt { pc: pc + 1, pos });
                        pc = exit;
                    }
                    continue;
                }
                Some(&Inst::RepMinIter { r, max }) => {
                    let (c, last) = self.count(r);
                    if (c >= max && max != MAXREPEAT) || pos == last {
                        false
                    } else {
                        self.set_count(r, (c.saturating_add(1), pos));
                        pc += 1;
                        continue;
                    }
                }
                Some(&Inst::Backref { g, fold }) => match self.backref(g, fold, pos) {
                    Some(end) => {
                        pos = end;
                        pc += 1;
                        continue;
                    }
                    None => false,
                },
                Some(&Inst::Look { behind, neg, width, end }) => {
                    let matched = if behind && pos < width {
                        false
                    } else {
                        let from = if behind { pos - width } else { pos };
                        self.sub(pc + 1, from, !neg)?.is_some()
                    };
                    if matched != neg {
                        pc = end;
                        continue;
                    }
                    false
                }
                Some(&Inst::Atomic { end }) => match self.sub(pc + 1, pos, true)? {
                    Some(p) => {
                        pos = p;
                        pc = end;
                        continue;
                    }
                    None => false,
                },
                Some(&Inst::IfGroup { g, no }) => {
                    pc = if self.group(g).is_some() { pc + 1 } else { no };
                    continue;
                }
            };
            debug_assert!(!ok);
            // backtrack to the newest choice point of this run
            loop {
                if self.stack.len() <= base {
                    return Ok(None);
                }
                match self.stack.pop() {
                    None => return Ok(None),
                    Some(Frame::Slot { i, old }) => {
                        if let Some(s) = self.slots.get_mut(i) {
                            *s = old;
                        }
                    }
                    Some(Frame::Count { r, old }) => {
                        if let Some(s) = self.counts.get_mut(r) {
                            *s = old;
                        }
                    }
                    Some(Frame::Alt { pc: p, pos: q }) => {
                        self.step()?;
                        pc = p;
                        pos = q;
                        break;
                    }
                    Some(Frame::Star { pc: p, pos: q, lo }) => {
                        let Some(stop) = self.star_stop(p, q - 1, lo) else { continue };
                        self.step()?;
                        if stop > lo {
                            self.stack.push(Frame::Star { pc: p, pos: stop, lo });
                        }
                        pc = p + 1;
                        pos = stop;
                        break;
                    }
                    Some(Frame::Lazy { pc: p, pos: q, hi }) => {
                        let one = match prog.insts.get(p) {
                            Some(&Inst::Star { one, .. }) => one,
                            _ => continue,
                        };
                        if !self.text.get(q).is_some_and(|c| prog.test(one, *c)) {
                            continue;
                        }
                        self.step()?;
                        if q + 1 < hi {
                            self.stack.push(Frame::Lazy { pc: p, pos: q + 1, hi });
                        }
                        pc = p + 1;
                        pos = q + 1;
                        break;
                    }
                }
            }
        }
    }
}

/// `search`/`match` from `pos`; see `Regex::search`.
pub(super) fn search(
    prog: &Program,
    groups: usize,
    text: &[char],
    pos: usize,
    anchored: bool,
    must_advance: bool,
    limit: usize,
) -> Result<Option<super::Spans>, Limit> {
    if pos > text.len() {
        return Ok(None);
    }
    let at_start = matches!(prog.insts.first(), Some(Inst::At(Anchor::Beginning | Anchor::BeginString)));
    let first_char = prog.next_char(0);
    let mut vm = Vm {
        prog,
        text,
        slots: vec![None; 2 * (groups + 1)],
        counts: vec![(0, NO_POS); prog.repeats],
        stack: Vec::new(),
        steps: 0,
        limit,
        work: 0,
        work_limit: limit.saturating_mul(WORK_PER_STEP),
        start: pos,
        must_advance,
        depth: 0,
    };
    let last = if anchored || at_start { pos } else { text.len() };
    for start in pos..=last {
        if at_start && start != 0 {
            break;
        }
        if let Some(c) = first_char {
            if text.get(start).map(|x| u32::from(*x)) != Some(c) {
                continue;
            }
        }
        vm.work += 1;
        vm.start = start;
        vm.must_advance = must_advance && start == pos;
        vm.stack.clear();
        vm.slots.iter_mut().for_each(|s| *s = None);
        if let Some(end) = vm.run(0, start)? {
            let mut spans = Vec::with_capacity(groups + 1);
            spans.push(Some((start, end)));
            for g in 1..=groups {
                spans.push(vm.group(g));
            }
            return Ok(Some(spans));
        }
    }
    Ok(None)
}
