//! Source files, byte spans and the line index that turns them into editor positions.
//!
//! Spans are byte ranges into one source text. Line/column and UTF-16 offsets are
//! computed only at the edges (CLI rendering, wasm DTOs), through [`LineIndex`].

/// Identifies one source text of a request (the template, an environment file, a file).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct SourceId(pub u32);

/// A byte range in one source.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Span {
    /// Which source text.
    pub source: SourceId,
    /// Start byte offset (inclusive).
    pub start: u32,
    /// End byte offset (exclusive).
    pub end: u32,
}

impl Span {
    /// A span in `source` from `start` to `end` (bytes).
    pub fn new(source: SourceId, start: usize, end: usize) -> Span {
        let clamp = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        Span { source, start: clamp(start), end: clamp(end.max(start)) }
    }
}

/// A named source text.
#[derive(Clone, Debug)]
pub struct Source {
    /// The name users know it by (`template.yaml`, `env1.yaml`, …).
    pub name: String,
    /// The text.
    pub text: String,
}

/// All sources of one evaluation, indexed by [`SourceId`].
#[derive(Clone, Debug, Default)]
pub struct SourceMap {
    sources: Vec<Source>,
}

impl SourceMap {
    /// Register a source and get its id.
    pub fn add(&mut self, name: impl Into<String>, text: impl Into<String>) -> SourceId {
        let id = SourceId(u32::try_from(self.sources.len()).unwrap_or(u32::MAX));
        self.sources.push(Source { name: name.into(), text: text.into() });
        id
    }

    /// How many sources are registered.
    pub fn len(&self) -> usize {
        self.sources.len()
    }

    /// Whether no source is registered.
    pub fn is_empty(&self) -> bool {
        self.sources.is_empty()
    }

    /// The source with this id.
    pub fn get(&self, id: SourceId) -> Option<&Source> {
        self.sources.get(id.0 as usize)
    }

    /// All sources in registration order.
    pub fn iter(&self) -> impl Iterator<Item = (SourceId, &Source)> + '_ {
        self.sources.iter().enumerate().map(|(i, s)| (SourceId(u32::try_from(i).unwrap_or(u32::MAX)), s))
    }
}

/// A resolved editor position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    /// 1-based line.
    pub line: u32,
    /// 1-based column, in Unicode code points.
    pub column: u32,
    /// Offset from the start of the text in UTF-16 code units (CodeMirror's unit).
    pub utf16: u32,
}

/// Line starts of one text, for byte offset → (line, column, UTF-16 offset).
#[derive(Clone, Debug)]
pub struct LineIndex<'a> {
    text: &'a str,
    line_starts: Vec<usize>,
    /// The UTF-16 offset of each line start: a position counts UTF-16 units
    /// from its line's start only (from the text's start, every diagnostic of
    /// a big template cost a pass over the text before it).
    utf16_starts: Vec<usize>,
}

/// The length of a text in UTF-16 units: one per character, two for one above
/// U+FFFF (a 4-byte UTF-8 sequence), so the bytes that start a character plus
/// the 4-byte lead bytes.
fn utf16_len(s: &str) -> usize {
    s.bytes().map(|b| usize::from(b & 0xC0 != 0x80) + usize::from(b >= 0xF0)).sum()
}

impl<'a> LineIndex<'a> {
    /// Index a text.
    pub fn new(text: &'a str) -> LineIndex<'a> {
        let mut line_starts = vec![0];
        let mut utf16_starts = vec![0];
        let mut units = 0;
        for (i, _) in text.match_indices('\n') {
            let start = line_starts.last().copied().unwrap_or(0);
            units += utf16_len(text.get(start..=i).unwrap_or(""));
            line_starts.push(i + 1);
            utf16_starts.push(units);
        }
        LineIndex { text, line_starts, utf16_starts }
    }

    /// The position of a byte offset (clamped to the text, snapped to a char boundary).
    pub fn position(&self, offset: u32) -> Position {
        let mut offset = (offset as usize).min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.line_starts.partition_point(|&s| s <= offset).saturating_sub(1);
        let start = self.line_starts.get(line).copied().unwrap_or(0);
        let before = self.text.get(start..offset).unwrap_or("");
        let line_utf16 = self.utf16_starts.get(line).copied().unwrap_or(0);
        let to_u32 = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        Position {
            line: to_u32(line + 1),
            column: to_u32(before.chars().count() + 1),
            utf16: to_u32(line_utf16 + utf16_len(before)),
        }
    }

    /// The text of the 1-based line (without its newline).
    pub fn line_text(&self, line: u32) -> &'a str {
        let i = (line as usize).saturating_sub(1);
        let start = self.line_starts.get(i).copied().unwrap_or(self.text.len());
        let end = self.line_starts.get(i + 1).map_or(self.text.len(), |e| e.saturating_sub(1));
        self.text.get(start..end.max(start)).unwrap_or("")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_code_points_and_utf16_units() {
        let text = "a: é\nb: 😀x\n";
        let idx = LineIndex::new(text);
        let x = text.find('x').unwrap() as u32;
        assert_eq!(idx.position(x), Position { line: 2, column: 5, utf16: 10 });
        assert_eq!(idx.position(0), Position { line: 1, column: 1, utf16: 0 });
        assert_eq!(idx.line_text(2), "b: 😀x");
        // Inside a multi-byte character: snapped back to its start.
        let e = text.find('é').unwrap() as u32;
        assert_eq!(idx.position(e + 1), idx.position(e));
    }

    #[test]
    fn utf16_offsets_equal_encoding_the_text_before() {
        let text = "a: é\r\nb: 😀x\n\nc: ✓ 𝄞\nend";
        let idx = LineIndex::new(text);
        for (offset, _) in text.char_indices().chain([(text.len(), ' ')]) {
            let want = text[..offset].encode_utf16().count() as u32;
            assert_eq!(idx.position(offset as u32).utf16, want, "at byte {offset}");
        }
    }
}
