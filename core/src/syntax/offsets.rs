//! Character index → byte offset, for the YAML parser's markers (which count characters).

/// Converts character indices of one text into byte offsets.
pub(crate) struct CharOffsets {
    /// Byte offset of every character plus the end (empty when the text is ASCII).
    starts: Vec<u32>,
    len: usize,
}

impl CharOffsets {
    /// Index a text. ASCII text needs no table.
    pub(crate) fn new(text: &str) -> CharOffsets {
        let starts = if text.is_ascii() {
            Vec::new()
        } else {
            let mut v: Vec<u32> = text.char_indices().map(|(i, _)| to_u32(i)).collect();
            v.push(to_u32(text.len()));
            v
        };
        CharOffsets { starts, len: text.len() }
    }

    /// The byte offset of character `index` (clamped to the end of the text).
    pub(crate) fn byte(&self, index: usize) -> usize {
        if self.starts.is_empty() {
            return index.min(self.len);
        }
        match self.starts.get(index) {
            Some(&b) => b as usize,
            None => self.len,
        }
    }
}

fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}
