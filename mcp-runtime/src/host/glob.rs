//! Tool-name patterns of the `tools` filter.

/// `*` matches any run of characters, `?` one character; everything else itself.
pub(crate) fn glob(pattern: &str, text: &str) -> bool {
    let (p, t): (Vec<char>, Vec<char>) = (pattern.chars().collect(), text.chars().collect());
    let (mut pi, mut ti, mut star, mut mark) = (0, 0, None, 0);
    while ti < t.len() {
        if pi < p.len() && (p[pi] == '?' || p[pi] == t[ti]) {
            pi += 1;
            ti += 1;
        } else if pi < p.len() && p[pi] == '*' {
            star = Some(pi);
            mark = ti;
            pi += 1;
        } else if let Some(s) = star {
            pi = s + 1;
            mark += 1;
            ti = mark;
        } else {
            return false;
        }
    }
    p[pi..].iter().all(|c| *c == '*')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn globs() {
        for (p, t, ok) in [
            ("*", "", true),
            ("a*c", "abbbc", true),
            ("a*c", "abbb", false),
            ("?b", "ab", true),
            ("*x*", "aaxbb", true),
            ("**", "z", true),
            ("a", "b", false),
        ] {
            assert_eq!(glob(p, t), ok, "{p} {t}");
        }
    }
}
