//! The yaql grammar, as yaql's LALR tables (with their precedence rules) accept it.
//!
//! A precedence-climbing parser over an arena of nodes (no recursive drops, bounded
//! recursion). Errors name the first token no valid expression can continue with,
//! which is the token PLY reports.

use std::rc::Rc;

use super::lexer::{tokenize, Tok, Token};
use super::value::V;
use super::YaqlError;

/// Index of a node in an [`Ast`].
pub(crate) type NodeId = u32;

/// What kind of call node (all are yaql `Function` expressions).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CallKind {
    /// `name(args)`: the only kind that takes a receiver (`uses_receiver`).
    Function,
    Binary,
    Unary,
    Indexer,
    List,
    Map,
}

/// A node of the syntax tree.
#[derive(Clone, Debug, Default)]
pub(crate) enum Node {
    /// A literal (`Constant`).
    Const(V),
    /// A bare identifier (`KeywordConstant`): evaluates to its text.
    Keyword(Rc<str>),
    /// `$name` (`GetContextValue`).
    Dollar(Rc<str>),
    /// `( expr )`.
    Wrap(NodeId),
    /// A function, operator, indexer, list or dict expression.
    Call { name: Rc<str>, kind: CallKind, args: Vec<NodeId> },
    /// `a => b` inside an argument list.
    Rule(NodeId, NodeId),
    /// An empty argument slot (`f(,1)`).
    #[default]
    NoValue,
    /// An integer literal longer than Python's `int()` accepts (an error when evaluated).
    BigInt(Rc<str>),
}

/// A parsed expression's nodes.
#[derive(Debug, Default)]
pub(crate) struct Ast {
    pub nodes: Vec<Node>,
    pub root: NodeId,
    fallback: Node,
}

impl Ast {
    pub(crate) fn node(&self, id: NodeId) -> &Node {
        // Ids are produced by the parser for this arena; a miss is impossible but harmless.
        self.nodes.get(id as usize).unwrap_or(&self.fallback)
    }
}

/// Deepest bracket/operator nesting the parser follows (Python's parser has no limit,
/// but its evaluator fails far earlier with a RecursionError).
const MAX_NESTING: usize = 1000;

struct Parser<'a> {
    toks: Vec<Token>,
    pos: usize,
    lex_error: Option<YaqlError>,
    src: &'a str,
    ast: Ast,
    depth: usize,
    stack_base: usize,
}

type PResult<T> = Result<T, YaqlError>;

/// Binding level of a binary operator (smaller binds tighter) and right-associativity.
fn binary_level(t: &Tok) -> Option<(u8, bool)> {
    match t {
        Tok::Op(op) => Some(match *op {
            "." | "?." => (1, false),
            "=~" | "!~" => (4, false),
            "*" | "/" | "mod" => (5, false),
            "+" | "-" => (6, false),
            ">" | "<" | ">=" | "<=" | "!=" | "=" | "in" => (7, false),
            "and" => (9, false),
            "or" => (10, false),
            "->" => (11, true),
            _ => return None,
        }),
        Tok::LBracket => Some((2, false)),
        _ => None,
    }
}

const UNARY_SIGN_LEVEL: u8 = 3;
const UNARY_NOT_LEVEL: u8 = 8;
const TOP: u8 = 12;

/// Parse an expression.
pub(crate) fn parse(src: &str) -> Result<Ast, YaqlError> {
    let (toks, lex_error) = tokenize(src);
    let mut p = Parser {
        toks,
        pos: 0,
        lex_error,
        src,
        ast: Ast::default(),
        depth: 0,
        stack_base: super::eval::stack_address(),
    };
    let root = p.expr(TOP)?;
    if p.peek()?.is_some() {
        return Err(p.unexpected());
    }
    p.ast.root = root;
    Ok(p.ast)
}

impl<'a> Parser<'a> {
    fn peek(&self) -> PResult<Option<&Tok>> {
        match self.toks.get(self.pos) {
            Some(t) => Ok(Some(&t.tok)),
            None => match &self.lex_error {
                Some(e) => Err(e.clone()),
                None => Ok(None),
            },
        }
    }

    fn unexpected(&self) -> YaqlError {
        match self.toks.get(self.pos) {
            Some(t) => YaqlError::new(
                "YaqlGrammarException",
                format!(
                    "Parse error: unexpected '{}' at position {} of expression '{}'",
                    t.tok.display(),
                    t.pos,
                    self.src
                ),
            ),
            None => match &self.lex_error {
                Some(e) => e.clone(),
                None => YaqlError::new("YaqlGrammarException", "Parse error: unexpected end of statement"),
            },
        }
    }

    fn push(&mut self, n: Node) -> NodeId {
        self.ast.nodes.push(n);
        u32::try_from(self.ast.nodes.len() - 1).unwrap_or(u32::MAX)
    }

    fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        let used = self.stack_base.saturating_sub(super::eval::stack_address());
        if self.depth > MAX_NESTING || used > super::eval::STACK_BUDGET {
            return Err(YaqlError::new(
                "RecursionError",
                "maximum recursion depth exceeded (expression nested too deeply)",
            ));
        }
        Ok(())
    }

    /// An expression whose binary operators all bind tighter than `limit`.
    fn expr(&mut self, limit: u8) -> PResult<NodeId> {
        self.enter()?;
        let mut left = self.prefix()?;
        while let Some(tok) = self.peek()? {
            let Some((level, right_assoc)) = binary_level(tok) else { break };
            if level >= limit {
                break;
            }
            if *tok == Tok::LBracket {
                self.pos += 1;
                let args = self.args(&Tok::RBracket)?;
                let mut all = vec![left];
                all.extend(args);
                left = self.push(Node::Call { name: Rc::from("#indexer"), kind: CallKind::Indexer, args: all });
                continue;
            }
            let Tok::Op(op) = tok else { break };
            let op: &'static str = op;
            self.pos += 1;
            let right = self.expr(if right_assoc { level + 1 } else { level })?;
            let name = match op {
                "=" => "*equal".to_string(),
                "!=" => "*not_equal".to_string(),
                o => format!("#operator_{o}"),
            };
            left = self.push(Node::Call { name: Rc::from(name), kind: CallKind::Binary, args: vec![left, right] });
        }
        self.depth -= 1;
        Ok(left)
    }

    fn prefix(&mut self) -> PResult<NodeId> {
        let Some(tok) = self.peek()?.cloned() else {
            return Err(self.unexpected());
        };
        let node = match tok {
            Tok::Str(s) => {
                self.pos += 1;
                Node::Const(V::string(s))
            }
            Tok::Int(text) => {
                self.pos += 1;
                let norm = super::lexer::normalize_int_text(&text);
                match norm.parse::<i64>() {
                    Ok(i) => Node::Const(V::Int(i)),
                    Err(_) => match norm.parse::<crate::value::BigInt>() {
                        Ok(b) if norm.len() <= crate::pyconv::INT_MAX_STR_DIGITS => Node::Const(V::big(b)),
                        // Python's int() refuses it: an error when evaluated.
                        _ => Node::BigInt(Rc::from(norm)),
                    },
                }
            }
            Tok::Float(f) => {
                self.pos += 1;
                Node::Const(V::Float(f))
            }
            Tok::True => {
                self.pos += 1;
                Node::Const(V::Bool(true))
            }
            Tok::False => {
                self.pos += 1;
                Node::Const(V::Bool(false))
            }
            Tok::Null => {
                self.pos += 1;
                Node::Const(V::None)
            }
            Tok::Keyword(k) => {
                self.pos += 1;
                Node::Keyword(Rc::from(k))
            }
            Tok::Dollar(d) => {
                self.pos += 1;
                Node::Dollar(Rc::from(d))
            }
            Tok::LParen => {
                self.pos += 1;
                let inner = self.expr(TOP)?;
                if self.peek()? != Some(&Tok::RParen) {
                    return Err(self.unexpected());
                }
                self.pos += 1;
                Node::Wrap(inner)
            }
            Tok::LBracket => {
                self.pos += 1;
                let args = self.args(&Tok::RBracket)?;
                Node::Call { name: Rc::from("#list"), kind: CallKind::List, args }
            }
            Tok::LBrace => {
                self.pos += 1;
                let args = self.args(&Tok::RBrace)?;
                Node::Call { name: Rc::from("#map"), kind: CallKind::Map, args }
            }
            Tok::Func(name) => {
                self.pos += 1;
                let args = self.args(&Tok::RParen)?;
                Node::Call { name: Rc::from(name), kind: CallKind::Function, args }
            }
            Tok::Op(op @ ("+" | "-" | "not")) => {
                self.pos += 1;
                self.enter()?;
                let level = if op == "not" { UNARY_NOT_LEVEL } else { UNARY_SIGN_LEVEL };
                let operand = self.expr(level)?;
                self.depth -= 1;
                Node::Call {
                    name: Rc::from(format!("#unary_operator_{op}")),
                    kind: CallKind::Unary,
                    args: vec![operand],
                }
            }
            _ => return Err(self.unexpected()),
        };
        Ok(self.push(node))
    }

    /// An argument list up to and including `closer`.
    ///
    /// args := ε | N | A | A ',' N | A ',' ',' N;  A := ','* v (','+ v)*;  N := n (',' n)*
    /// Empty positional slots become `NoValue` nodes as in yaql.
    fn args(&mut self, closer: &Tok) -> PResult<Vec<NodeId>> {
        let mut out = Vec::new();
        if self.peek()? == Some(closer) {
            self.pos += 1;
            return Ok(out);
        }
        let mut has_value = false;
        let mut commas = 0usize;
        loop {
            if self.peek()? == Some(&Tok::Comma) {
                if !has_value || commas >= 1 {
                    let nv = self.push(Node::NoValue);
                    out.push(nv);
                }
                commas += 1;
                self.pos += 1;
                continue;
            }
            let v = self.expr(TOP)?;
            if self.peek()? == Some(&Tok::Mapping) {
                let allowed = (!has_value && commas == 0) || (has_value && (commas == 1 || commas == 2));
                if !allowed {
                    return Err(self.unexpected());
                }
                self.pos += 1;
                let d = self.expr(TOP)?;
                let r = self.push(Node::Rule(v, d));
                out.push(r);
                loop {
                    match self.peek()? {
                        Some(Tok::Comma) => {
                            self.pos += 1;
                            let k = self.expr(TOP)?;
                            if self.peek()? != Some(&Tok::Mapping) {
                                return Err(self.unexpected());
                            }
                            self.pos += 1;
                            let d = self.expr(TOP)?;
                            let r = self.push(Node::Rule(k, d));
                            out.push(r);
                        }
                        Some(t) if t == closer => {
                            self.pos += 1;
                            return Ok(out);
                        }
                        _ => return Err(self.unexpected()),
                    }
                }
            }
            out.push(v);
            has_value = true;
            commas = 0;
            match self.peek()? {
                Some(Tok::Comma) => continue,
                Some(t) if t == closer => {
                    self.pos += 1;
                    return Ok(out);
                }
                _ => return Err(self.unexpected()),
            }
        }
    }
}
