//! All-in adjusted results (placeholder while the parser lands).
