//! The time now, in milliseconds since 1970, for a state's timings: the browser's clock
//! on the page (std's would panic there), std's natively where the states' tests run.

pub fn now_ms() -> f64 {
    if cfg!(target_arch = "wasm32") {
        js_sys::Date::now()
    } else {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0.0, |d| d.as_secs_f64() * 1000.0)
    }
}
