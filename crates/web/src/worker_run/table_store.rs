//! The optimal solver's tables kept in the browser: IndexedDB ([`crate::indexed_db`]),
//! database `puzzlelab-rubik-tables`,
//! each table named by its key (the CLI's file magic), its bytes beside its checksum (as
//! the CLI's cache files; names, lengths and checksum are the solver's
//! `rubik::optimal_tables::stored`).
//!
//! A table is kept in records of at most [`CHUNK`] bytes (`KEY`, then `KEY#1`, `KEY#2`…),
//! each written in a transaction of its own and copied out of the worker's memory only
//! then, so the 833 MB table never sits whole in JavaScript's memory beside the worker's
//! copy; read back, each record is copied straight into the table's place. The checksum
//! (`KEY#fnv`) is written last, so a table half written reads as nothing stored. A
//! table no bigger than a record is one record, as the first versions kept them. A
//! missing, short or corrupt table reads as nothing stored, and the tables are built again.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

use rexie::Rexie;
use wasm_bindgen::{JsCast, JsValue};

use crate::indexed_db;
use puzzlelab_solver::rubik::optimal::OptimalTables;
use puzzlelab_solver::rubik::optimal_tables::stored::{checksum, StoredTable};
use puzzlelab_worker::rubik_optimal::{BuildMates, Pending, StoredTables, TableStore};

const DATABASE: &str = "puzzlelab-rubik-tables";
const STORE: &str = "tables";
/// Bytes a record holds at most (a multiple of 8, the checksum's word).
const CHUNK: usize = 64 << 20;

async fn open() -> Result<Rexie, String> {
    indexed_db::open(DATABASE, STORE).await
}

fn sum_key(key: &str) -> String {
    format!("{key}#fnv")
}

/// The name of record `i` of table `key`.
fn chunk_key(key: &str, i: usize) -> String {
    if i == 0 {
        key.to_string()
    } else {
        format!("{key}#{i}")
    }
}

/// Reads record `key` in a transaction of its own.
async fn get(db: &Rexie, key: &str) -> Result<Option<JsValue>, String> {
    indexed_db::get(db, STORE, key).await
}

/// Writes records in a transaction of their own.
async fn put(db: &Rexie, records: &[(String, JsValue)]) -> Result<(), String> {
    indexed_db::put(db, STORE, records).await
}

/// One table's bytes, if all its records are there and its checksum matches.
async fn read_part(db: &Rexie, part: StoredTable) -> Result<Option<Vec<u8>>, String> {
    let Some(sum) = get(db, &sum_key(part.key))
        .await?
        .and_then(|s| s.as_string())
    else {
        return Ok(None);
    };
    let mut data = Vec::new();
    if data.try_reserve_exact(part.len).is_err() {
        return Err(format!("no memory for the {} MB table", part.len >> 20));
    }
    data.resize(part.len, 0u8);
    let mut at = 0;
    let mut i = 0;
    while at < part.len {
        let value = get(db, &chunk_key(part.key, i)).await?;
        let Some(bytes) = value.and_then(|v| v.dyn_into::<js_sys::Uint8Array>().ok()) else {
            return Ok(None);
        };
        let n = bytes.length() as usize;
        if n == 0 || at + n > part.len {
            return Ok(None);
        }
        bytes.copy_to(&mut data[at..at + n]);
        at += n;
        i += 1;
    }
    Ok((checksum(&data).to_string() == sum).then_some(data))
}

async fn read_all(parts: [StoredTable; 2]) -> Result<Option<StoredTables>, String> {
    let db = open().await?;
    let mut found = Vec::new();
    for part in parts {
        match read_part(&db, part).await {
            Ok(Some(data)) => found.push(data),
            Ok(None) => break,
            Err(e) => {
                db.close();
                return Err(e);
            }
        }
    }
    db.close();
    Ok((found.len() == parts.len()).then_some(found))
}

/// Writes every table the worker holds, record by record, each checksum after its bytes.
async fn write_all(tables: Arc<OptimalTables>) -> Result<(), String> {
    let db = open().await?;
    let mut result = Ok(());
    'tables: for (table, bytes) in tables.kept() {
        let key = table.key;
        let sum = checksum(bytes).to_string();
        // A stale checksum goes first: a table half rewritten reads as nothing stored.
        if let Err(e) = put(&db, &[(sum_key(key), JsValue::NULL)]).await {
            result = Err(e);
            break;
        }
        for (i, chunk) in bytes.chunks(CHUNK).enumerate() {
            // Copied out of the worker's memory only now, one record at a time.
            let value: JsValue = js_sys::Uint8Array::from(chunk).into();
            if let Err(e) = put(&db, &[(chunk_key(key, i), value)]).await {
                result = Err(e);
                break 'tables;
            }
        }
        if let Err(e) = put(&db, &[(sum_key(key), JsValue::from_str(&sum))]).await {
            result = Err(e);
            break;
        }
    }
    db.close();
    result
}

/// The worker's IndexedDB.
pub struct IndexedDb;

impl TableStore for IndexedDb {
    fn read(&self, parts: [StoredTable; 2]) -> Pending<Option<StoredTables>> {
        let pending: Pending<Option<StoredTables>> = Rc::new(RefCell::new(None));
        let out = pending.clone();
        yew::platform::spawn_local(async move {
            let began = puzzlelab_worker::now_ms();
            let found = read_all(parts).await.unwrap_or_else(|e| {
                web_sys::console::warn_1(&format!("stored Rubik's tables unreadable: {e}").into());
                None
            });
            if found.is_some() {
                web_sys::console::info_1(
                    &format!(
                        "Rubik's tables read from IndexedDB in {:.0} ms",
                        puzzlelab_worker::now_ms() - began
                    )
                    .into(),
                );
            }
            *out.borrow_mut() = Some(found);
        });
        pending
    }

    fn keep(&self, tables: Arc<OptimalTables>) -> Pending<bool> {
        let pending: Pending<bool> = Rc::new(RefCell::new(None));
        let out = pending.clone();
        yew::platform::spawn_local(async move {
            let began = puzzlelab_worker::now_ms();
            let kept = write_all(tables).await;
            match &kept {
                Err(e) => web_sys::console::warn_1(
                    &format!("could not keep the Rubik's tables: {e}").into(),
                ),
                Ok(()) => web_sys::console::info_1(
                    &format!(
                        "Rubik's tables kept in IndexedDB in {:.0} ms",
                        puzzlelab_worker::now_ms() - began
                    )
                    .into(),
                ),
            }
            *out.borrow_mut() = Some(kept.is_ok());
        });
        pending
    }

    fn build_mates(&self, table: StoredTable) -> Option<Box<dyn BuildMates>> {
        super::build_mates::Channel::join(table).map(|c| Box::new(c) as Box<dyn BuildMates>)
    }
}
