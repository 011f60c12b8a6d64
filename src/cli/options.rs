//! The hand-written `--key value` reader the command line used before clap. The commands no
//! longer use it; it stays public for code that reads option lists the same way (and for
//! its fuzz test).

use super::UsageError;

/// `--key value` options and `--flag` switches, each allowed once.
pub struct Options {
    values: Vec<(String, String)>,
    flags: Vec<String>,
}

impl Options {
    pub fn parse(
        args: &[String],
        valued: &[&str],
        switches: &[&str],
    ) -> Result<Options, UsageError> {
        let mut opts = Options {
            values: Vec::new(),
            flags: Vec::new(),
        };
        let mut it = args.iter();
        while let Some(arg) = it.next() {
            let (key, inline) = match arg.split_once('=') {
                Some((k, v)) if k.starts_with("--") => (k, Some(v.to_string())),
                _ => (arg.as_str(), None),
            };
            let seen =
                opts.values.iter().any(|(k, _)| k == key) || opts.flags.iter().any(|f| f == key);
            if seen {
                return Err(UsageError(format!("option {key} given twice")));
            }
            if valued.contains(&key) {
                let value = match inline {
                    Some(v) => v,
                    None => it
                        .next()
                        .ok_or_else(|| UsageError(format!("option {key} needs a value")))?
                        .clone(),
                };
                opts.values.push((key.to_string(), value));
            } else if switches.contains(&key) && inline.is_none() {
                opts.flags.push(key.to_string());
            } else {
                return Err(UsageError(format!("unexpected argument '{arg}'")));
            }
        }
        Ok(opts)
    }

    pub fn value(&self, key: &str) -> Option<&str> {
        self.values
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    pub fn required(&self, key: &str) -> Result<&str, UsageError> {
        self.value(key)
            .ok_or_else(|| UsageError(format!("option {key} is required")))
    }

    pub fn flag(&self, key: &str) -> bool {
        self.flags.iter().any(|f| f == key)
    }
}
