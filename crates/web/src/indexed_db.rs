//! The browser's IndexedDB, through `rexie` (which finds `indexedDB` on the page's or the
//! worker's global scope): a database with one object store, each record read or written
//! in a transaction of its own. The count page keeps its finished parts here
//! (`app/count/saved_parts.rs`), the worker the Rubik's cube's tables
//! (`worker_run/table_store.rs`).

use rexie::{ObjectStore, Rexie, TransactionMode};
use wasm_bindgen::JsValue;

/// An error as the callers show it.
pub fn text(e: impl std::fmt::Display) -> String {
    e.to_string()
}

/// Database `database` with its object store `store`.
pub async fn open(database: &str, store: &str) -> Result<Rexie, String> {
    Rexie::builder(database)
        .version(1)
        .add_object_store(ObjectStore::new(store))
        .build()
        .await
        .map_err(text)
}

/// Reads record `key` of `store`.
pub async fn get(db: &Rexie, store: &str, key: &str) -> Result<Option<JsValue>, String> {
    let tx = db
        .transaction(&[store], TransactionMode::ReadOnly)
        .map_err(text)?;
    let records = tx.store(store).map_err(text)?;
    let value = records.get(JsValue::from_str(key)).await.map_err(text)?;
    tx.done().await.map_err(text)?;
    Ok(value)
}

/// Writes `records` (key, value) to `store`, all in one transaction.
pub async fn put(db: &Rexie, store: &str, records: &[(String, JsValue)]) -> Result<(), String> {
    let tx = db
        .transaction(&[store], TransactionMode::ReadWrite)
        .map_err(text)?;
    let into = tx.store(store).map_err(text)?;
    for (key, value) in records {
        into.put(value, Some(&JsValue::from_str(key)))
            .await
            .map_err(text)?;
    }
    tx.done().await.map_err(text)?;
    Ok(())
}
