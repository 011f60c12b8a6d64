//! The optimal solver's tables kept in the browser: IndexedDB (through `rexie`, which
//! finds `indexedDB` on the worker's global scope), database `puzzlelab-rubik-tables`,
//! one record a table named by the CLI's file magic, its bytes beside an FNV checksum (as
//! the CLI's cache files). A missing, short or corrupt record reads as nothing stored,
//! and the tables are built again.

use std::cell::RefCell;
use std::rc::Rc;

use rexie::{ObjectStore, Rexie, TransactionMode};
use wasm_bindgen::{JsCast, JsValue};

use super::rubik_optimal::{Pending, StoredTables, TableStore, CORNERS_KEY, FLIPSLICE_KEY};
use crate::solver::rubik::corner_table::CornerTable;

const DATABASE: &str = "puzzlelab-rubik-tables";
const STORE: &str = "tables";

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

fn sum_key(key: &str) -> String {
    format!("{key}#fnv")
}

async fn read_all() -> Result<Option<StoredTables>, String> {
    let db = open().await?;
    let mut found = Vec::new();
    {
        let tx = db
            .transaction(&[STORE], TransactionMode::ReadOnly)
            .map_err(text)?;
        let store = tx.store(STORE).map_err(text)?;
        for key in [CORNERS_KEY, FLIPSLICE_KEY] {
            let bytes = store.get(JsValue::from_str(key)).await.map_err(text)?;
            let sum = store
                .get(JsValue::from_str(&sum_key(key)))
                .await
                .map_err(text)?;
            let bytes = bytes
                .filter(|b| b.is_instance_of::<js_sys::Uint8Array>())
                .map(|b| js_sys::Uint8Array::new(&b).to_vec());
            let sum = sum.and_then(|s| s.as_string());
            match (bytes, sum) {
                (Some(b), Some(s)) if CornerTable::checksum(&b).to_string() == s => found.push(b),
                _ => break,
            }
        }
        tx.done().await.map_err(text)?;
    }
    db.close();
    let mut found = found.into_iter();
    Ok(match (found.next(), found.next()) {
        (Some(corners), Some(flipslice)) => Some(StoredTables { corners, flipslice }),
        _ => None,
    })
}

async fn write_all(records: Vec<(String, JsValue)>) -> Result<(), String> {
    let db = open().await?;
    {
        let tx = db
            .transaction(&[STORE], TransactionMode::ReadWrite)
            .map_err(text)?;
        let store = tx.store(STORE).map_err(text)?;
        for (key, value) in &records {
            store
                .put(value, Some(&JsValue::from_str(key)))
                .await
                .map_err(text)?;
        }
        tx.done().await.map_err(text)?;
    }
    db.close();
    Ok(())
}

/// The worker's IndexedDB.
pub struct IndexedDb;

impl TableStore for IndexedDb {
    fn read(&self) -> Pending<Option<StoredTables>> {
        let pending: Pending<Option<StoredTables>> = Rc::new(RefCell::new(None));
        let out = pending.clone();
        yew::platform::spawn_local(async move {
            let found = read_all().await.unwrap_or_else(|e| {
                web_sys::console::warn_1(&format!("stored Rubik's tables unreadable: {e}").into());
                None
            });
            *out.borrow_mut() = Some(found);
        });
        pending
    }

    fn keep(&self, corners: &[u8], flipslice: &[u8]) -> Pending<bool> {
        let pending: Pending<bool> = Rc::new(RefCell::new(None));
        let out = pending.clone();
        // Copied out of wasm memory now (the tables are only borrowed).
        let records: Vec<(String, JsValue)> = [(CORNERS_KEY, corners), (FLIPSLICE_KEY, flipslice)]
            .into_iter()
            .flat_map(|(key, bytes)| {
                [
                    (key.to_string(), js_sys::Uint8Array::from(bytes).into()),
                    (
                        sum_key(key),
                        JsValue::from_str(&CornerTable::checksum(bytes).to_string()),
                    ),
                ]
            })
            .collect();
        yew::platform::spawn_local(async move {
            let kept = write_all(records).await;
            if let Err(e) = &kept {
                web_sys::console::warn_1(&format!("could not keep the Rubik's tables: {e}").into());
            }
            *out.borrow_mut() = Some(kept.is_ok());
        });
        pending
    }
}
