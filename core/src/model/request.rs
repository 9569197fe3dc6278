//! The request: Heat's stack-create body plus the playground's `x-playground` block.

use std::borrow::Cow;
use std::fmt;
use std::rc::Rc;

use indexmap::IndexMap;
use serde::de::{self, Deserialize, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};

use crate::value::{json_to_value, Map, Value};

/// Default `OS::stack_id` (the oracle's).
pub const DEFAULT_STACK_ID: &str = "11111111-2222-3333-4444-555555555555";
/// Default `OS::project_id` (the oracle's).
pub const DEFAULT_PROJECT_ID: &str = "00000000000000000000000000000001";

/// Text, or an already-parsed object (then no YAML parsing happens).
#[derive(Clone, Debug)]
pub enum Document {
    /// YAML or JSON text.
    Text(String),
    /// A parsed value.
    Value(Value),
}

/// One evaluation request: Heat's stack-create body (the oracle's request
/// format) plus the playground's extensions, as decoded from its JSON (other
/// members are ignored).
#[derive(Clone, Debug)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "EvaluateRequest"))]
pub struct Request {
    /// The stack's name (`OS::stack_name`). Heat answers a create request
    /// without one with HTTPBadRequest (template validate ignores it).
    #[cfg_attr(feature = "ts", ts(optional))]
    pub stack_name: Option<String>,
    /// YAML or JSON text, or an already-parsed object (then YAML 1.1 scalar rules do not apply).
    #[cfg_attr(feature = "ts", ts(type = "string | object"))]
    pub template: Document,
    /// Mocks: the stack's ids, resources as if created.
    #[cfg_attr(feature = "ts", ts(rename = "x-playground", as = "Option<Playground>", optional))]
    pub playground: Playground,
    /// The template's file name, used in diagnostics (default `template.yaml`).
    #[cfg_attr(feature = "ts", ts(rename = "x-template-name", as = "Option<String>", optional))]
    pub template_name: String,
    /// The environment, files and parameters.
    #[cfg_attr(feature = "ts", ts(flatten))]
    pub inputs: StackInputs,
    /// Whether the display evaluation is made too ([`Display`]; not a member).
    #[cfg_attr(feature = "ts", ts(skip))]
    pub display: Display,
    /// `len(json.dumps(body))` of the body heat-api reads (the request minus
    /// its `x-*` members), measured when the request is decoded from JSON;
    /// for a request assembled otherwise, computed from its members.
    #[cfg_attr(feature = "ts", ts(skip))]
    pub body_size: Option<usize>,
}

/// What a stack-create, a stack-update and a template-validate body carry
/// besides the template. The Heat settings are converted
/// (`HeatConfig::from_value`) and the release checked (`Release::parse`)
/// when the request is evaluated.
#[derive(Clone, Debug, Default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct StackInputs {
    /// Ignored when `environment_files` is non-empty (as heat-api does).
    #[cfg_attr(feature = "ts", ts(optional = nullable, type = "string | object"))]
    pub environment: Option<Document>,
    /// Names in `files`, merged in order.
    #[cfg_attr(feature = "ts", ts(as = "Option<Vec<String>>", optional))]
    pub environment_files: Vec<String>,
    /// Contents for environment files, `get_file` and provider templates; `null` = unreadable.
    #[cfg_attr(feature = "ts", ts(optional = nullable, type = "{ [key in string]: string | null }"))]
    pub files: IndexMap<String, Option<String>>,
    /// Explicit parameter values.
    #[cfg_attr(feature = "ts", ts(optional = nullable, type = "Record<string, unknown>"))]
    pub parameters: Map,
    /// The cloud's `heat.conf` settings (default: Heat's): `max_nested_stack_depth`,
    /// `max_resources_per_stack`, `max_template_size`, `max_json_body_size`, …, and
    /// sections as objects (`{"yaql": {"memory_quota": 100000}}`).
    #[cfg_attr(feature = "ts", ts(rename = "x-heat-config", optional = nullable, type = "Record<string, unknown>"))]
    pub heat_config: Value,
    /// The openstack-heat release that answers, `16.1.0` (wallaby) to `27.0.1`
    /// (the default); an unknown one is an error naming the known ones.
    #[cfg_attr(feature = "ts", ts(rename = "x-heat-release", optional))]
    pub heat_release: Option<String>,
}

/// The playground's mocks (`x-playground`).
#[derive(Clone, Debug)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Playground {
    /// `OS::stack_id`.
    #[cfg_attr(feature = "ts", ts(as = "Option<String>", optional))]
    pub stack_id: String,
    /// `OS::project_id`.
    #[cfg_attr(feature = "ts", ts(as = "Option<String>", optional))]
    pub project_id: String,
    /// Mocked attributes per resource (the resource then counts as created).
    #[cfg_attr(feature = "ts", ts(optional = nullable, type = "Record<string, Record<string, unknown>>"))]
    pub attributes: IndexMap<String, Map>,
    /// Mocked reference ids (`get_resource`) per resource.
    #[cfg_attr(feature = "ts", ts(optional = nullable, type = "{ [key in string]: string }"))]
    pub reference_ids: IndexMap<String, String>,
}

impl Default for Playground {
    /// The oracle's ids, nothing mocked.
    fn default() -> Playground {
        Playground {
            stack_id: DEFAULT_STACK_ID.into(),
            project_id: DEFAULT_PROJECT_ID.into(),
            attributes: IndexMap::new(),
            reference_ids: IndexMap::new(),
        }
    }
}

/// When an evaluation also makes the display evaluation, which goes on past
/// Heat's first error with unknown values symbolic ([`crate::model::result::Evaluation::shown`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Display {
    /// When Heat refuses the stack or fails one of its nested stacks.
    #[default]
    WhenRefused,
    /// Never: Heat's canonical result alone (with its diagnostics and
    /// deploy-time notes; no marks, display values or edges for the panes).
    Never,
    /// Without values (`hotplate check` and the LSP on a template no check
    /// entry gives values): Heat's verdict when the template has every value
    /// it needs; else none (`result` empty: Heat's error would be about the
    /// values not given), the display evaluation's problems only, and the
    /// values it lacks as notes.
    WithoutValues,
}

impl Request {
    /// The release `x-heat-release` names (27.0.1 when none, or when it
    /// names no release: evaluating such a request fails at its settings).
    pub fn release(&self) -> crate::release::Release {
        self.inputs.heat_release.as_deref().and_then(|r| crate::release::Release::parse(r).ok()).unwrap_or_default()
    }

    /// A request for a template text with no environment.
    pub fn new(template: impl Into<String>) -> Request {
        Request {
            stack_name: Some("test".into()),
            template: Document::Text(template.into()),
            template_name: "template.yaml".into(),
            inputs: StackInputs::default(),
            playground: Playground::default(),
            display: Display::WhenRefused,
            body_size: None,
        }
    }

    /// `len(json.dumps(body))` of this request's body: as decoded, else the
    /// members it has (what a client would send).
    pub fn json_body_size(&self) -> usize {
        if let Some(n) = self.body_size {
            return n;
        }
        let mut members: Vec<usize> = Vec::new();
        if let Some(name) = &self.stack_name {
            members.push(member_len("stack_name", str_len(name)));
        }
        members.push(member_len("template", doc_len(&self.template)));
        if let Some(env) = &self.inputs.environment {
            members.push(member_len("environment", doc_len(env)));
        }
        if !self.inputs.environment_files.is_empty() {
            let names = Value::list(self.inputs.environment_files.iter().map(|n| Value::from(n.as_str())).collect());
            members.push(member_len("environment_files", dumps_len(&names)));
        }
        if !self.inputs.files.is_empty() {
            let files = self.inputs.files.iter().map(|(k, v)| member_len(k, v.as_deref().map_or(4, str_len)));
            members.push(member_len("files", object_len(files)));
        }
        if !self.inputs.parameters.is_empty() {
            members.push(member_len("parameters", dumps_len(&Value::map(self.inputs.parameters.clone()))));
        }
        object_len(members.into_iter())
    }

    /// Decode the JSON request format of the oracle README. `Err` says what is
    /// malformed (a request problem, not a template problem).
    ///
    /// The text is decoded straight into the request's parts (template and file
    /// texts as strings, other values as template values): the same result as
    /// [`Request::from_json_value`] on `serde_json`'s tree, without building it.
    pub fn from_json(text: &str) -> Result<Request, String> {
        RequestVisitor { texts: None }.decode(text)?.into_request()
    }

    /// [`Request::from_json`] of a request whose documents' texts travel beside
    /// it: in `text`, each string that is the `template`, the `environment` or a
    /// value of `files` is the index of its text in `texts` (`"0"`, `"1"`, …).
    /// The wasm binding's door: the package sends the texts as UTF-8 bytes and
    /// the rest as JSON, so the texts are not escaped into JSON text and parsed
    /// back (issue 40: ~10% of the package's time on corpus-full).
    pub fn from_json_with_texts(text: &str, texts: Vec<String>) -> Result<Request, String> {
        let mut texts: Vec<Option<String>> = texts.into_iter().map(Some).collect();
        RequestVisitor { texts: Some(&mut texts) }.decode(text)?.into_request()
    }

    /// Decode an already-parsed JSON request.
    pub fn from_json_value(raw: &serde_json::Value) -> Result<Request, String> {
        RawRequest::from_json_value(raw).into_request()
    }
}

/// A top-level member that is a document: text, or a parsed value.
enum RawDoc {
    Null,
    Text(String),
    Value(Value),
}

impl RawDoc {
    fn from_json_value(v: &serde_json::Value) -> RawDoc {
        match v {
            serde_json::Value::Null => RawDoc::Null,
            serde_json::Value::String(s) => RawDoc::Text(s.clone()),
            other => RawDoc::Value(json_to_value(other)),
        }
    }
}

/// `files`: an object of texts (or nulls), or something else.
enum RawFiles {
    Map(IndexMap<String, RawDoc>),
    NotAnObject,
}

/// The request's members, decoded but not checked yet. Checks happen in
/// [`RawRequest::into_request`], in one fixed order whatever the order of the
/// members in the text.
#[derive(Default)]
struct RawRequest {
    not_an_object: bool,
    template: Option<RawDoc>,
    stack_name: Option<serde_json::Value>,
    template_name: Option<serde_json::Value>,
    environment: Option<RawDoc>,
    environment_files: Option<serde_json::Value>,
    files: Option<RawFiles>,
    parameters: Option<Value>,
    playground: Option<serde_json::Value>,
    heat_config: Option<Value>,
    heat_release: Option<serde_json::Value>,
    /// Each body member's `"key": value` length in `json.dumps(body)` (the
    /// last of a repeated member counts).
    body: IndexMap<String, usize>,
}

impl RawRequest {
    fn from_json_value(raw: &serde_json::Value) -> RawRequest {
        let Some(obj) = raw.as_object() else { return RawRequest { not_an_object: true, ..RawRequest::default() } };
        RawRequest {
            not_an_object: false,
            template: obj.get("template").map(RawDoc::from_json_value),
            stack_name: obj.get("stack_name").cloned(),
            template_name: obj.get("x-template-name").cloned(),
            environment: obj.get("environment").map(RawDoc::from_json_value),
            environment_files: obj.get("environment_files").cloned(),
            files: obj.get("files").map(|f| match f.as_object() {
                Some(map) => RawFiles::Map(map.iter().map(|(k, v)| (k.clone(), RawDoc::from_json_value(v))).collect()),
                None => RawFiles::NotAnObject,
            }),
            parameters: obj.get("parameters").map(json_to_value),
            playground: obj.get("x-playground").cloned(),
            heat_config: obj.get("x-heat-config").map(json_to_value),
            heat_release: obj.get("x-heat-release").cloned(),
            body: obj
                .iter()
                .filter(|(k, _)| !k.starts_with("x-"))
                .map(|(k, v)| (k.clone(), member_len(k, dumps_len(&json_to_value(v)))))
                .collect(),
        }
    }

    fn into_request(self) -> Result<Request, String> {
        if self.not_an_object {
            return Err("the request must be a JSON object".into());
        }
        let template = match self.template {
            Some(RawDoc::Text(s)) => Document::Text(s),
            Some(RawDoc::Null) | None => return Err("the request has no \"template\"".into()),
            Some(RawDoc::Value(v)) => Document::Value(v),
        };
        let mut req = Request::new(String::new());
        req.template = template;
        req.body_size = Some(object_len(self.body.values().copied()));
        req.inputs.heat_config = self.heat_config.unwrap_or(Value::Null);
        req.inputs.heat_release = match self.heat_release {
            None | Some(serde_json::Value::Null) => None,
            Some(serde_json::Value::String(s)) => Some(s),
            Some(_) => return Err("\"x-heat-release\" must be a release such as \"16.1.0\"".into()),
        };
        req.stack_name = match self.stack_name {
            None => None,
            Some(name) => Some(name.as_str().ok_or("\"stack_name\" must be a string")?.to_string()),
        };
        if let Some(name) = self.template_name.as_ref().and_then(|v| v.as_str()) {
            req.template_name = name.to_string();
        }
        req.inputs.environment = match self.environment {
            None | Some(RawDoc::Null) => None,
            Some(RawDoc::Text(s)) => Some(Document::Text(s)),
            Some(RawDoc::Value(v)) => Some(Document::Value(v)),
        };
        if let Some(files) = self.environment_files {
            let list = files.as_array().ok_or("\"environment_files\" must be a list of names")?;
            for f in list {
                req.inputs
                    .environment_files
                    .push(f.as_str().ok_or("\"environment_files\" must be a list of names")?.to_string());
            }
        }
        match self.files {
            None => {}
            Some(RawFiles::NotAnObject) => return Err("\"files\" must be an object".into()),
            Some(RawFiles::Map(map)) => {
                for (k, v) in map {
                    let content = match v {
                        RawDoc::Null => None,
                        RawDoc::Text(s) => Some(s),
                        RawDoc::Value(_) => return Err(format!("files[\"{k}\"] must be a string")),
                    };
                    req.inputs.files.insert(k, content);
                }
            }
        }
        if let Some(params) = self.parameters {
            match params {
                Value::Map(m) => req.inputs.parameters = Rc::try_unwrap(m).unwrap_or_else(|m| (*m).clone()),
                Value::Null => {}
                _ => return Err("\"parameters\" must be an object".into()),
            }
        }
        if let Some(play) = self.playground {
            let play = play.as_object().ok_or("\"x-playground\" must be an object")?;
            if let Some(v) = play.get("stack_id") {
                req.playground.stack_id = json_text(v);
            }
            if let Some(v) = play.get("project_id") {
                req.playground.project_id = json_text(v);
            }
            if let Some(attrs) = play.get("attributes") {
                let attrs = attrs.as_object().ok_or("\"x-playground.attributes\" must be an object")?;
                for (res, a) in attrs {
                    match json_to_value(a) {
                        Value::Map(m) => {
                            req.playground.attributes.insert(res.clone(), (*m).clone());
                        }
                        _ => return Err(format!("\"x-playground.attributes.{res}\" must be an object")),
                    }
                }
            }
            if let Some(refs) = play.get("reference_ids") {
                let refs = refs.as_object().ok_or("\"x-playground.reference_ids\" must be an object")?;
                for (res, id) in refs {
                    req.playground.reference_ids.insert(res.clone(), json_text(id));
                }
            }
        }
        Ok(req)
    }
}

// ----- decoding the text straight into those parts (serde visitors) -------------------

/// The documents' texts beside the request ([`Request::from_json_with_texts`]):
/// each taken once, by its index.
type Texts = Vec<Option<String>>;

/// Decodes a request; with `texts`, its documents' strings are indexes into them.
struct RequestVisitor<'t> {
    texts: Option<&'t mut Texts>,
}

impl RequestVisitor<'_> {
    /// The whole of `text` (as `serde_json::from_str`: nothing may follow the request).
    fn decode(self, text: &str) -> Result<RawRequest, String> {
        let mut d = serde_json::Deserializer::from_str(text);
        d.deserialize_any(self)
            .and_then(|raw| d.end().map(|()| raw))
            .map_err(|e| format!("the request is not valid JSON: {e}"))
    }
}

impl<'de> Visitor<'de> for RequestVisitor<'_> {
    type Value = RawRequest;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON request")
    }

    fn visit_map<A: MapAccess<'de>>(mut self, mut map: A) -> Result<RawRequest, A::Error> {
        let mut raw = RawRequest::default();
        // A repeated member: the last one counts (as in serde_json's tree).
        while let Some(key) = map.next_key::<Key<'de>>()? {
            let len = match &*key.0 {
                "template" => {
                    let doc = map.next_value_seed(DocSeed(self.texts.as_deref_mut()))?;
                    let len = raw_doc_len(&doc);
                    raw.template = Some(doc);
                    len
                }
                "stack_name" => {
                    let v: serde_json::Value = map.next_value()?;
                    let len = dumps_len(&json_to_value(&v));
                    raw.stack_name = Some(v);
                    len
                }
                "x-template-name" => {
                    raw.template_name = Some(map.next_value()?);
                    0
                }
                "environment" => {
                    let doc = map.next_value_seed(DocSeed(self.texts.as_deref_mut()))?;
                    let len = raw_doc_len(&doc);
                    raw.environment = Some(doc);
                    len
                }
                "environment_files" => {
                    let v: serde_json::Value = map.next_value()?;
                    let len = dumps_len(&json_to_value(&v));
                    raw.environment_files = Some(v);
                    len
                }
                "files" => {
                    let files = map.next_value_seed(FilesSeed(self.texts.as_deref_mut()))?;
                    let len = match &files {
                        RawFiles::Map(m) => object_len(m.iter().map(|(k, d)| member_len(k, raw_doc_len(d)))),
                        RawFiles::NotAnObject => 0,
                    };
                    raw.files = Some(files);
                    len
                }
                "parameters" => {
                    let v = map.next_value::<JsonValue>()?.0;
                    let len = dumps_len(&v);
                    raw.parameters = Some(v);
                    len
                }
                "x-playground" => {
                    raw.playground = Some(map.next_value()?);
                    0
                }
                "x-heat-config" => {
                    raw.heat_config = Some(map.next_value::<JsonValue>()?.0);
                    0
                }
                "x-heat-release" => {
                    raw.heat_release = Some(map.next_value()?);
                    0
                }
                _ => dumps_len(&map.next_value::<JsonValue>()?.0),
            };
            if !key.0.starts_with("x-") {
                raw.body.insert(key.0.to_string(), member_len(&key.0, len));
            }
        }
        Ok(raw)
    }

    // Anything but an object: decoded in full (so JSON errors come first), then refused.
    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<RawRequest, A::Error> {
        ValueVisitor.visit_seq(seq)?;
        Ok(RawRequest { not_an_object: true, ..RawRequest::default() })
    }
    fn visit_bool<E: de::Error>(self, _: bool) -> Result<RawRequest, E> {
        Ok(RawRequest { not_an_object: true, ..RawRequest::default() })
    }
    fn visit_i64<E: de::Error>(self, _: i64) -> Result<RawRequest, E> {
        Ok(RawRequest { not_an_object: true, ..RawRequest::default() })
    }
    fn visit_u64<E: de::Error>(self, _: u64) -> Result<RawRequest, E> {
        Ok(RawRequest { not_an_object: true, ..RawRequest::default() })
    }
    fn visit_f64<E: de::Error>(self, _: f64) -> Result<RawRequest, E> {
        Ok(RawRequest { not_an_object: true, ..RawRequest::default() })
    }
    fn visit_str<E: de::Error>(self, _: &str) -> Result<RawRequest, E> {
        Ok(RawRequest { not_an_object: true, ..RawRequest::default() })
    }
    fn visit_unit<E: de::Error>(self) -> Result<RawRequest, E> {
        Ok(RawRequest { not_an_object: true, ..RawRequest::default() })
    }
}

/// An object key, borrowed from the text when it has no escapes.
struct Key<'de>(Cow<'de, str>);

impl<'de> Deserialize<'de> for Key<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Key<'de>, D::Error> {
        struct KeyVisitor;
        impl<'de> Visitor<'de> for KeyVisitor {
            type Value = Key<'de>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a string")
            }
            fn visit_borrowed_str<E: de::Error>(self, s: &'de str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Borrowed(s)))
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Owned(s.to_string())))
            }
            fn visit_string<E: de::Error>(self, s: String) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Owned(s)))
            }
        }
        d.deserialize_str(KeyVisitor)
    }
}

/// `len(json.dumps(s))` (ASCII-escaped, as heatclient sends it).
fn str_len(s: &str) -> usize {
    crate::pyfmt::json_str_len(s)
}

/// `len(json.dumps(v))`.
fn dumps_len(v: &Value) -> usize {
    crate::pyfmt::json_dumps(v, crate::pyfmt::JsonStyle::PLAIN).map_or(0, |s| s.len())
}

/// A document member's `json.dumps` length.
fn doc_len(doc: &Document) -> usize {
    match doc {
        Document::Text(s) => str_len(s),
        Document::Value(v) => dumps_len(v),
    }
}

fn raw_doc_len(doc: &RawDoc) -> usize {
    match doc {
        RawDoc::Null => 4,
        RawDoc::Text(s) => str_len(s),
        RawDoc::Value(v) => dumps_len(v),
    }
}

/// `"key": value` in `json.dumps` of an object, given the value's length.
fn member_len(key: &str, value_len: usize) -> usize {
    str_len(key) + 2 + value_len
}

/// `json.dumps` of an object from its members' lengths (`, ` between them).
fn object_len(members: impl Iterator<Item = usize>) -> usize {
    let (mut total, mut n) = (2usize, 0usize);
    for m in members {
        total += m;
        n += 1;
    }
    total + 2 * n.saturating_sub(1)
}

/// Any JSON value as a template value (what [`json_to_value`] makes of it).
struct JsonValue(Value);

impl<'de> Deserialize<'de> for JsonValue {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<JsonValue, D::Error> {
        d.deserialize_any(ValueVisitor).map(JsonValue)
    }
}

struct ValueVisitor;

impl<'de> Visitor<'de> for ValueVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_bool<E: de::Error>(self, b: bool) -> Result<Value, E> {
        Ok(Value::Bool(b))
    }
    fn visit_i64<E: de::Error>(self, i: i64) -> Result<Value, E> {
        Ok(Value::Int(i))
    }
    fn visit_u64<E: de::Error>(self, u: u64) -> Result<Value, E> {
        Ok(Value::big(crate::value::BigInt::from(u)))
    }
    fn visit_f64<E: de::Error>(self, f: f64) -> Result<Value, E> {
        Ok(Value::Float(f))
    }
    fn visit_str<E: de::Error>(self, s: &str) -> Result<Value, E> {
        Ok(Value::from(s))
    }
    fn visit_unit<E: de::Error>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0));
        while let Some(JsonValue(v)) = seq.next_element()? {
            items.push(v);
        }
        Ok(Value::list(items))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut m = Map::new();
        while let Some(key) = map.next_key::<Key<'de>>()? {
            let JsonValue(v) = map.next_value()?;
            m.insert_str(&key.0, v);
        }
        Ok(Value::map(m))
    }
}

/// A document member: a string stays text, anything else becomes a value.
struct DocSeed<'t>(Option<&'t mut Texts>);

impl<'de> DeserializeSeed<'de> for DocSeed<'_> {
    type Value = RawDoc;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<RawDoc, D::Error> {
        struct DocVisitor<'t>(Option<&'t mut Texts>);
        impl<'de> Visitor<'de> for DocVisitor<'_> {
            type Value = RawDoc;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("any JSON value")
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<RawDoc, E> {
                match self.0 {
                    // A text beside the request, by its index (each taken once).
                    Some(texts) => s
                        .parse::<usize>()
                        .ok()
                        .and_then(|i| texts.get_mut(i))
                        .and_then(Option::take)
                        .map(RawDoc::Text)
                        .ok_or_else(|| E::custom(format!("{s:?} is not the index of a text beside the request"))),
                    None => Ok(RawDoc::Text(s.to_string())),
                }
            }
            fn visit_string<E: de::Error>(self, s: String) -> Result<RawDoc, E> {
                match self.0 {
                    Some(_) => self.visit_str(&s),
                    None => Ok(RawDoc::Text(s)),
                }
            }
            fn visit_unit<E: de::Error>(self) -> Result<RawDoc, E> {
                Ok(RawDoc::Null)
            }
            fn visit_bool<E: de::Error>(self, b: bool) -> Result<RawDoc, E> {
                ValueVisitor.visit_bool(b).map(RawDoc::Value)
            }
            fn visit_i64<E: de::Error>(self, i: i64) -> Result<RawDoc, E> {
                ValueVisitor.visit_i64(i).map(RawDoc::Value)
            }
            fn visit_u64<E: de::Error>(self, u: u64) -> Result<RawDoc, E> {
                ValueVisitor.visit_u64(u).map(RawDoc::Value)
            }
            fn visit_f64<E: de::Error>(self, f: f64) -> Result<RawDoc, E> {
                ValueVisitor.visit_f64(f).map(RawDoc::Value)
            }
            fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<RawDoc, A::Error> {
                ValueVisitor.visit_seq(seq).map(RawDoc::Value)
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<RawDoc, A::Error> {
                ValueVisitor.visit_map(map).map(RawDoc::Value)
            }
        }
        d.deserialize_any(DocVisitor(self.0))
    }
}

/// The `files` member.
struct FilesSeed<'t>(Option<&'t mut Texts>);

impl<'de> DeserializeSeed<'de> for FilesSeed<'_> {
    type Value = RawFiles;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<RawFiles, D::Error> {
        struct FilesVisitor<'t>(Option<&'t mut Texts>);
        impl<'de> Visitor<'de> for FilesVisitor<'_> {
            type Value = RawFiles;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("any JSON value")
            }
            fn visit_map<A: MapAccess<'de>>(mut self, mut map: A) -> Result<RawFiles, A::Error> {
                // A repeated name keeps its first place and takes the last content.
                let mut files = IndexMap::new();
                while let Some(key) = map.next_key::<Key<'de>>()? {
                    let doc = map.next_value_seed(DocSeed(self.0.as_deref_mut()))?;
                    files.insert(key.0.into_owned(), doc);
                }
                Ok(RawFiles::Map(files))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<RawFiles, A::Error> {
                ValueVisitor.visit_seq(seq).map(|_| RawFiles::NotAnObject)
            }
            fn visit_bool<E: de::Error>(self, _: bool) -> Result<RawFiles, E> {
                Ok(RawFiles::NotAnObject)
            }
            fn visit_i64<E: de::Error>(self, _: i64) -> Result<RawFiles, E> {
                Ok(RawFiles::NotAnObject)
            }
            fn visit_u64<E: de::Error>(self, _: u64) -> Result<RawFiles, E> {
                Ok(RawFiles::NotAnObject)
            }
            fn visit_f64<E: de::Error>(self, _: f64) -> Result<RawFiles, E> {
                Ok(RawFiles::NotAnObject)
            }
            fn visit_str<E: de::Error>(self, _: &str) -> Result<RawFiles, E> {
                Ok(RawFiles::NotAnObject)
            }
            fn visit_unit<E: de::Error>(self) -> Result<RawFiles, E> {
                Ok(RawFiles::NotAnObject)
            }
        }
        d.deserialize_any(FilesVisitor(self.0))
    }
}

/// `str(v)` of a JSON scalar (the oracle does `str(play.get(...))`).
fn json_text(v: &serde_json::Value) -> String {
    match v {
        serde_json::Value::String(s) => s.clone(),
        other => crate::pyfmt::py_str(&json_to_value(other)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The text decoded through serde_json's tree, as before the direct decoding.
    fn via_tree(text: &str) -> Result<Request, String> {
        let raw: serde_json::Value =
            serde_json::from_str(text).map_err(|e| format!("the request is not valid JSON: {e}"))?;
        Request::from_json_value(&raw)
    }

    #[test]
    fn direct_decoding_equals_the_tree() {
        let cases = [
            r#"{"stack_name": "s", "template": "heat_template_version: 2021-04-16"}"#,
            r#"{"template": "t", "template": {"a": [1, 2.0, -3, 18446744073709551615, -9223372036854775809, 1e300]}}"#,
            r#"{"template": "t", "environment": {"parameter_defaults": {"a": 1, "b": 2, "a": 3}}, "x-source": [1, {"z": null}]}"#,
            r#"{"template": "t", "environment": "parameters: {}", "environment_files": ["e.yaml"], "files": {"e.yaml": "x: 1", "n": null, "e.yaml": "y: 2"}}"#,
            r#"{"template": "t", "files": {"a": "1", "b": 2}}"#,
            r#"{"template": "t", "files": ["a"]}"#,
            r#"{"template": "t", "files": "a", "stack_name": 3}"#,
            r#"{"template": null}"#,
            r#"{"stack_name": "s"}"#,
            r#"{"template": 7, "environment": 1.5, "parameters": {"p": "v", "q": [true, null]}}"#,
            r#"{"template": "t", "parameters": null, "x-template-name": "main.yaml"}"#,
            r#"{"template": "t", "parameters": [1]}"#,
            r#"{"template": "t", "environment_files": "e"}"#,
            r#"{"template": "t", "x-playground": {"stack_id": 5, "project_id": "p", "attributes": {"r": {"a": 1}}, "reference_ids": {"r": "id"}}}"#,
            r#"{"template": "t", "x-playground": {"attributes": {"r": 1}}}"#,
            r#"{"template": "t\u00e9\n", "files": {"k\"ey": "v\\alue"}}"#,
            r#"[1, {"template": "t"}]"#,
            r#""text""#,
            r#"12"#,
            r#"null"#,
            r#"{"template": "t""#,
            r#"{"template": "t"} x"#,
            r#"{"template": "\ud800"}"#,
            r#"{"template": "t", "files": {"a": "b",}}"#,
            "",
        ];
        for text in cases {
            let direct = Request::from_json(text).map(|r| format!("{r:?}"));
            let tree = via_tree(text).map(|r| format!("{r:?}"));
            assert_eq!(direct, tree, "{text}");
        }
        let deep = format!("{{\"template\": {}1{}}}", "[".repeat(200), "]".repeat(200));
        assert_eq!(Request::from_json(&deep).map(|r| format!("{r:?}")), via_tree(&deep).map(|r| format!("{r:?}")));
    }

    /// `text` with its documents' strings moved beside it, as the package sends it.
    fn split(text: &str) -> Option<(String, Vec<String>)> {
        let mut raw: serde_json::Value = serde_json::from_str(text).ok()?;
        let mut texts = Vec::new();
        let mut take = |v: &mut serde_json::Value| {
            if let serde_json::Value::String(s) = v {
                texts.push(std::mem::take(s));
                *v = serde_json::Value::String((texts.len() - 1).to_string());
            }
        };
        let obj = raw.as_object_mut()?;
        obj.get_mut("template").map(&mut take);
        obj.get_mut("environment").map(&mut take);
        if let Some(files) = obj.get_mut("files").and_then(serde_json::Value::as_object_mut) {
            files.values_mut().for_each(&mut take);
        }
        Some((raw.to_string(), texts))
    }

    #[test]
    fn texts_beside_the_request_decode_as_in_it() {
        let cases = [
            r#"{"stack_name": "s", "template": "heat_template_version: 2021-04-16\nx: \"q\""}"#,
            r#"{"template": "t", "environment": "parameters: {}", "environment_files": ["e.yaml"], "files": {"e.yaml": "x: 1", "n": null, "f": "y: 2"}}"#,
            r#"{"template": {"a": 1}, "environment": {"parameter_defaults": {}}, "files": {"a": "1", "b": 2}}"#,
            r#"{"template": "t", "files": ["a"], "parameters": {"p": "v"}}"#,
            r#"{"template": "t\u00e9\n\ud83d\ude00", "files": {"k\"ey": "v\\alue"}, "stack_name": 3}"#,
            r#"{"environment": "e"}"#,
        ];
        for text in cases {
            let (json, texts) = split(text).expect("a request object");
            let beside = Request::from_json_with_texts(&json, texts).map(|r| format!("{r:?}"));
            assert_eq!(beside, Request::from_json(text).map(|r| format!("{r:?}")), "{text}");
        }
        // An index that names no text (or one already taken) is a malformed request.
        for (json, texts) in [
            (r#"{"template": "1"}"#, vec!["t".to_string()]),
            (r#"{"template": "x"}"#, vec!["t".to_string()]),
            (r#"{"template": "0", "environment": "0"}"#, vec!["t".to_string()]),
        ] {
            let err = Request::from_json_with_texts(json, texts).expect_err(json);
            assert!(err.contains("is not the index of a text beside the request"), "{err}");
        }
        assert!(Request::from_json_with_texts(r#"{"template": "0"} x"#, vec!["t".into()]).is_err());
    }
}
