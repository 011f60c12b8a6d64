//! What the lessons' tests share: the published numbers in `tests/reference/`.

/// A file of published numbers from `tests/reference/` (each names its sources).
pub fn reference(file: &str) -> serde_json::Value {
    let path = format!(
        "{}/../../tests/reference/{file}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}
