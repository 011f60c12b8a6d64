//! Finished parts of path-structure counts kept in the browser (IndexedDB,
//! [`crate::indexed_db`]): one record per count, keyed by the count's fingerprint, holding
//! its parts as the export text (one part's JSON a line, what `puzzlelab merge` reads). A
//! closed tab comes back to them; nothing here is needed for a count to run.

use wasm_bindgen::JsValue;

use crate::indexed_db::{get, open, put};

const DATABASE: &str = "puzzlelab";
const STORE: &str = "count-parts";

/// The parts saved for the count with this fingerprint, if any.
pub async fn load(fingerprint: &str) -> Result<Option<String>, String> {
    let db = open(DATABASE, STORE).await?;
    let found = get(&db, STORE, fingerprint).await;
    db.close();
    Ok(found?.and_then(|v| v.as_string()))
}

/// Replaces the saved parts of the count with this fingerprint.
pub async fn save(fingerprint: &str, parts: &str) -> Result<(), String> {
    let db = open(DATABASE, STORE).await?;
    let saved = put(
        &db,
        STORE,
        &[(fingerprint.to_string(), JsValue::from_str(parts))],
    )
    .await;
    db.close();
    saved
}
