//! Finished parts of path-structure counts kept in the browser (IndexedDB, through
//! `rexie`): one record per count, keyed by the count's fingerprint, holding its parts as
//! the export text (one part's JSON a line, what `puzzlelab merge` reads). A closed tab
//! comes back to them; nothing here is needed for a count to run.

use rexie::{ObjectStore, Rexie, TransactionMode};
use wasm_bindgen::JsValue;

const DATABASE: &str = "puzzlelab";
const STORE: &str = "count-parts";

fn text(e: impl std::fmt::Display) -> String {
    e.to_string()
}

async fn open() -> Result<Rexie, String> {
    Rexie::builder(DATABASE)
        .version(1)
        .add_object_store(ObjectStore::new(STORE))
        .build()
        .await
        .map_err(text)
}

/// The parts saved for the count with this fingerprint, if any.
pub async fn load(fingerprint: &str) -> Result<Option<String>, String> {
    let db = open().await?;
    let found = {
        let tx = db
            .transaction(&[STORE], TransactionMode::ReadOnly)
            .map_err(text)?;
        let store = tx.store(STORE).map_err(text)?;
        let value = store
            .get(JsValue::from_str(fingerprint))
            .await
            .map_err(text)?;
        tx.done().await.map_err(text)?;
        value.and_then(|v| v.as_string())
    };
    db.close();
    Ok(found)
}

/// Replaces the saved parts of the count with this fingerprint.
pub async fn save(fingerprint: &str, parts: &str) -> Result<(), String> {
    let db = open().await?;
    {
        let tx = db
            .transaction(&[STORE], TransactionMode::ReadWrite)
            .map_err(text)?;
        let store = tx.store(STORE).map_err(text)?;
        store
            .put(
                &JsValue::from_str(parts),
                Some(&JsValue::from_str(fingerprint)),
            )
            .await
            .map_err(text)?;
        tx.done().await.map_err(text)?;
    }
    db.close();
    Ok(())
}
