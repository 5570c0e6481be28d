//! Checkpoints: the working table and where generation stands, saved atomically so that a
//! killed run continues where it stopped.

use super::{Layout, State};

/// Where and how generation saves its state, so that a killed run continues where it
/// stopped.
pub struct Checkpoint<'a> {
    /// The checkpoint file (written atomically; removed by the caller when done).
    pub path: &'a std::path::Path,
    /// The table name recorded in the checkpoint's header.
    pub name: &'a str,
    /// Save after a depth only if that depth took at least this long (cheaper depths are
    /// quicker to redo than to write).
    pub min_depth_time: std::time::Duration,
    /// Within a depth, save after a segment (1/32 of the table) once this long has passed
    /// since the depth began or the last save.
    pub within_depth_time: std::time::Duration,
}

/// Segments a depth is cut into for checkpoints within it.
pub(super) const SEGMENTS: u64 = 32;

/// Write the working table and where generation stands, atomically.
pub(super) fn save_checkpoint(
    c: &Checkpoint,
    entries: u64,
    layout: Layout,
    s: &State,
    partial: Option<crate::tables::format::Partial>,
) -> std::io::Result<()> {
    let header = crate::tables::Header {
        mod3: layout == Layout::Mod3,
        base: layout.base(),
        name: c.name.to_string(),
        entries,
        bits_per_entry: layout.bits(),
        max_depth: s.depth,
        payload_len: s.payload.len() as u64,
        checksum: crate::tables::format::checksum(&s.payload),
        created_unix: 0,
        generation_millis: 0,
        histogram: s.histogram,
        expanded: Some(s.weighted),
        partial,
    };
    crate::tables::format::write_atomic(c.path, &header, &s.payload)
}

/// Load a checkpoint if it is there and belongs to this table and layout; `None`
/// otherwise.
pub(super) fn load_checkpoint(
    c: &Checkpoint,
    entries: u64,
    layout: Layout,
) -> Option<(crate::tables::Header, Vec<u8>)> {
    let header = crate::tables::Header::read(c.path).ok()?;
    if header.name != c.name
        || header.entries != entries
        || header.bits_per_entry != layout.bits()
        || header.mod3 != (layout == Layout::Mod3)
        // Checkpoints written before the header recorded the base have none.
        || header.base.is_some_and(|b| Some(b) != layout.base())
        || header.expanded.is_none()
    {
        return None;
    }
    let mut payload = std::fs::read(c.path).ok()?;
    if payload.len() < crate::tables::format::HEADER_SIZE {
        return None;
    }
    // Drop the header in place: no second copy of a multi-GiB payload.
    payload.drain(..crate::tables::format::HEADER_SIZE);
    if payload.len() as u64 != layout.payload_len(entries)
        || crate::tables::format::checksum(&payload) != header.checksum
    {
        return None;
    }
    Some((header, payload))
}
