//! A query's grammar: statements of `select SELECTOR [as NAME], … from NAME='TEXT', …
//! [where EXPRESSION]`, separated by `;`, read into a tree whose names are resolved later
//! (players and functions are known only once the bindings are read).

use super::lexer::{tokens, Tok, Token};
use super::QueryError;

/// How a selector folds its expression over the deals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Aggregate {
    /// The mean.
    Avg,
    /// The chance the expression holds (is not 0).
    Count,
    /// The smallest value met.
    Min,
    /// The largest value met.
    Max,
    /// Each value's chance (non-whole values fall in buckets a tenth wide).
    Histogram,
}

impl Aggregate {
    /// Its name in a query.
    pub fn key(self) -> &'static str {
        match self {
            Aggregate::Avg => "avg",
            Aggregate::Count => "count",
            Aggregate::Min => "min",
            Aggregate::Max => "max",
            Aggregate::Histogram => "histogram",
        }
    }
}

/// An expression as written: names are resolved against the bindings later.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Raw {
    /// A number.
    Number(f64),
    /// A name alone (a player, a street, a hand type) and its column.
    Name(String, usize),
    /// A quoted text (`toRank('A')`, `inRange(hero, 'QQ+')`) and the column of its
    /// first character.
    Text(String, usize),
    /// A function call: its name, column and arguments.
    Call(String, usize, Vec<Raw>),
    /// `-x` or `not x`.
    Unary(&'static str, Box<Raw>),
    /// `a OP b`, the operator as written (`and`, `or`, `<=`, `+` …).
    Binary(&'static str, Box<Raw>, Box<Raw>),
}

/// A selector: what is folded, how, and its name in the answer.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct RawSelector {
    pub(super) aggregate: Aggregate,
    pub(super) expression: Raw,
    pub(super) name: String,
}

/// A binding as written.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Binding {
    pub(super) name: String,
    pub(super) text: String,
    /// Where the name starts.
    pub(super) column: usize,
    /// Where the text inside the quotes starts.
    pub(super) text_column: usize,
}

/// One `select … from … where …`.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct RawStatement {
    pub(super) selectors: Vec<RawSelector>,
    /// `name = 'text'` pairs with the column of each name and of the text's first
    /// character.
    pub(super) bindings: Vec<Binding>,
    pub(super) condition: Option<Raw>,
}

/// Reads every statement of `text`.
pub(super) fn parse(text: &str) -> Result<Vec<RawStatement>, QueryError> {
    let mut p = Parser {
        tokens: tokens(text)?,
        at: 0,
        text,
        depth: 0,
    };
    let mut statements = Vec::new();
    loop {
        while p.eat_symbol(";") {}
        if p.peek() == &Tok::End {
            break;
        }
        statements.push(p.statement()?);
        if !p.eat_symbol(";") && p.peek() != &Tok::End {
            return Err(p.expected("';' or the end of the query"));
        }
    }
    if statements.is_empty() {
        return Err(QueryError::at(
            1,
            "no statement: write `select … from …`".into(),
        ));
    }
    Ok(statements)
}

/// How deep parentheses, calls, `not` and `-` may nest: a query reads in a recursive
/// descent and is valued by recursion, so a hostile nesting is refused, not a crash.
const MAX_NESTING: usize = 64;

struct Parser<'a> {
    tokens: Vec<Token>,
    at: usize,
    text: &'a str,
    /// Nesting at the current word.
    depth: usize,
}

/// Comparison operators and how they are written in the tree.
const COMPARISONS: [(&str, &str); 7] = [
    ("=", "="),
    ("!=", "!="),
    ("<>", "!="),
    ("<", "<"),
    ("<=", "<="),
    (">", ">"),
    (">=", ">="),
];

impl Parser<'_> {
    fn peek(&self) -> &Tok {
        &self.tokens[self.at].tok
    }

    fn column(&self) -> usize {
        self.tokens[self.at].column
    }

    fn next(&mut self) -> Token {
        let t = self.tokens[self.at].clone();
        if self.at + 1 < self.tokens.len() {
            self.at += 1;
        }
        t
    }

    fn eat_symbol(&mut self, s: &str) -> bool {
        if self.peek() == &Tok::Symbol(symbol_of(s)) {
            self.next();
            true
        } else {
            false
        }
    }

    fn eat_word(&mut self, word: &str) -> bool {
        match self.peek() {
            Tok::Name(n) if n.eq_ignore_ascii_case(word) => {
                self.next();
                true
            }
            _ => false,
        }
    }

    fn expected(&self, what: &str) -> QueryError {
        let found = match self.peek() {
            Tok::End => "the end of the query".to_string(),
            Tok::Name(n) => format!("'{n}'"),
            Tok::Number(x) => format!("{x}"),
            Tok::Text(t) => format!("'{t}'"),
            Tok::Symbol(s) => format!("'{s}'"),
        };
        QueryError::at(self.column(), format!("expected {what}, found {found}"))
    }

    fn name(&mut self, what: &str) -> Result<(String, usize), QueryError> {
        match self.peek().clone() {
            Tok::Name(n) => {
                let column = self.column();
                self.next();
                Ok((n, column))
            }
            _ => Err(self.expected(what)),
        }
    }

    fn statement(&mut self) -> Result<RawStatement, QueryError> {
        if !self.eat_word("select") {
            return Err(self.expected("'select'"));
        }
        let mut selectors = vec![self.selector()?];
        while self.eat_symbol(",") {
            selectors.push(self.selector()?);
        }
        if !self.eat_word("from") {
            return Err(self.expected("',' or 'from'"));
        }
        let mut bindings = vec![self.binding()?];
        while self.eat_symbol(",") {
            bindings.push(self.binding()?);
        }
        let condition = if self.eat_word("where") {
            Some(self.or()?)
        } else {
            None
        };
        Ok(RawStatement {
            selectors,
            bindings,
            condition,
        })
    }

    /// `avg(x)`, `count(x)`, `min(x)`, `max(x)`, `histogram(x)`, or an expression alone
    /// (`equity(hero)`, as the open PQL runner writes it), which is averaged.
    fn selector(&mut self) -> Result<RawSelector, QueryError> {
        let open_at = self.at + 1;
        let aggregate = match (self.peek(), self.tokens.get(open_at).map(|t| &t.tok)) {
            (Tok::Name(word), Some(Tok::Symbol("("))) => match word.to_ascii_lowercase().as_str() {
                "avg" => Some(Aggregate::Avg),
                "count" => Some(Aggregate::Count),
                "min" => Some(Aggregate::Min),
                "max" => Some(Aggregate::Max),
                "histogram" => Some(Aggregate::Histogram),
                _ => None,
            },
            _ => None,
        };
        let Some(aggregate) = aggregate else {
            let start = self.column();
            let expression = self.or()?;
            let end = self.column();
            let name = if self.eat_word("as") {
                self.name("a name after 'as'")?.0
            } else {
                self.written(start, end)
            };
            return Ok(RawSelector {
                aggregate: Aggregate::Avg,
                expression,
                name,
            });
        };
        self.next();
        let open = self.column();
        self.next();
        let expression = self.or()?;
        if !self.eat_symbol(")") {
            return Err(self.expected("')'"));
        }
        let close = self.tokens[self.at - 1].column;
        let name = if self.eat_word("as") {
            self.name("a name after 'as'")?.0
        } else {
            // The selector as written: `avg(riverEquity(hero))`.
            format!("{}({})", aggregate.key(), self.written(open + 1, close))
        };
        Ok(RawSelector {
            aggregate,
            expression,
            name,
        })
    }

    /// The query's text from column `start` up to (not including) column `end`, trimmed.
    fn written(&self, start: usize, end: usize) -> String {
        let inner: String = self
            .text
            .chars()
            .skip(start - 1)
            .take(end.saturating_sub(start))
            .collect();
        inner.trim().to_string()
    }

    fn binding(&mut self) -> Result<Binding, QueryError> {
        let (name, column) = self.name("a binding such as hero='AKs'")?;
        if !self.eat_symbol("=") {
            return Err(self.expected("'='"));
        }
        match self.peek().clone() {
            Tok::Text(text) => {
                let text_column = self.column() + 1;
                self.next();
                Ok(Binding {
                    name,
                    text,
                    column,
                    text_column,
                })
            }
            _ => Err(self.expected("a quoted text such as 'AKs'")),
        }
    }

    /// Runs `read` one level deeper, refused past [`MAX_NESTING`].
    fn nested(
        &mut self,
        read: impl FnOnce(&mut Self) -> Result<Raw, QueryError>,
    ) -> Result<Raw, QueryError> {
        if self.depth >= MAX_NESTING {
            return Err(QueryError::at(
                self.column(),
                format!("nested more than {MAX_NESTING} deep"),
            ));
        }
        self.depth += 1;
        let raw = read(self);
        self.depth -= 1;
        raw
    }

    fn or(&mut self) -> Result<Raw, QueryError> {
        self.nested(|p| {
            let mut left = p.and()?;
            while p.eat_word("or") {
                left = Raw::Binary("or", Box::new(left), Box::new(p.and()?));
            }
            Ok(left)
        })
    }

    fn and(&mut self) -> Result<Raw, QueryError> {
        let mut left = self.not()?;
        while self.eat_word("and") {
            left = Raw::Binary("and", Box::new(left), Box::new(self.not()?));
        }
        Ok(left)
    }

    fn not(&mut self) -> Result<Raw, QueryError> {
        if self.eat_word("not") {
            return self.nested(|p| Ok(Raw::Unary("not", Box::new(p.not()?))));
        }
        self.comparison()
    }

    fn comparison(&mut self) -> Result<Raw, QueryError> {
        let left = self.sum()?;
        for (written, op) in COMPARISONS {
            if self.eat_symbol(written) {
                return Ok(Raw::Binary(op, Box::new(left), Box::new(self.sum()?)));
            }
        }
        Ok(left)
    }

    fn sum(&mut self) -> Result<Raw, QueryError> {
        let mut left = self.product()?;
        loop {
            let op = if self.eat_symbol("+") {
                "+"
            } else if self.eat_symbol("-") {
                "-"
            } else {
                return Ok(left);
            };
            left = Raw::Binary(op, Box::new(left), Box::new(self.product()?));
        }
    }

    fn product(&mut self) -> Result<Raw, QueryError> {
        let mut left = self.unary()?;
        loop {
            let op = if self.eat_symbol("*") {
                "*"
            } else if self.eat_symbol("/") {
                "/"
            } else {
                return Ok(left);
            };
            left = Raw::Binary(op, Box::new(left), Box::new(self.unary()?));
        }
    }

    fn unary(&mut self) -> Result<Raw, QueryError> {
        if self.eat_symbol("-") {
            return self.nested(|p| Ok(Raw::Unary("-", Box::new(p.unary()?))));
        }
        self.primary()
    }

    fn primary(&mut self) -> Result<Raw, QueryError> {
        match self.peek().clone() {
            Tok::Number(x) => {
                self.next();
                Ok(Raw::Number(x))
            }
            Tok::Text(t) => {
                let column = self.column() + 1;
                self.next();
                Ok(Raw::Text(t, column))
            }
            Tok::Symbol("(") => {
                self.next();
                let inner = self.or()?;
                if !self.eat_symbol(")") {
                    return Err(self.expected("')'"));
                }
                Ok(inner)
            }
            Tok::Name(n) => {
                let column = self.column();
                self.next();
                if !self.eat_symbol("(") {
                    return Ok(Raw::Name(n, column));
                }
                let mut args = Vec::new();
                if !self.eat_symbol(")") {
                    args.push(self.or()?);
                    while self.eat_symbol(",") {
                        args.push(self.or()?);
                    }
                    if !self.eat_symbol(")") {
                        return Err(self.expected("',' or ')'"));
                    }
                }
                Ok(Raw::Call(n, column, args))
            }
            _ => Err(self.expected("a number, a name or '('")),
        }
    }
}

/// The lexer's own `&'static str` for a symbol written here.
fn symbol_of(s: &str) -> &'static str {
    const ALL: [&str; 15] = [
        "<=", ">=", "!=", "<>", "=", "<", ">", "+", "-", "*", "/", "(", ")", ",", ";",
    ];
    ALL.into_iter().find(|a| *a == s).unwrap_or("")
}

#[cfg(test)]
mod tests {
    use super::{parse, Aggregate, Raw};

    #[test]
    fn statements_selectors_bindings_and_precedence() {
        let text = "select avg(riverEquity(hero)) as eq, count(1 + 2 * 3 >= 7 and not x) \
             from game='holdem', hero='AKs', villain='QQ+' where pairedBoard(flop); select max(1) from hero='AA'";
        let q = parse(text).unwrap();
        let hero_column = text.find("hero='AKs'").unwrap() + 1;
        assert_eq!(q.len(), 2);
        let s = &q[0];
        assert_eq!(s.selectors[0].name, "eq");
        assert_eq!(s.selectors[1].aggregate, Aggregate::Count);
        assert_eq!(s.selectors[1].name, "count(1 + 2 * 3 >= 7 and not x)");
        assert_eq!(
            (s.bindings[1].name.as_str(), s.bindings[1].text.as_str()),
            ("hero", "AKs")
        );
        assert_eq!(s.bindings[1].column, hero_column);
        assert_eq!(s.bindings[1].text_column, hero_column + 6);
        // 1 + (2 * 3) compared with 7, then `and not x`.
        let Raw::Binary("and", left, right) = &s.selectors[1].expression else {
            panic!("{:?}", s.selectors[1].expression)
        };
        let Raw::Binary(">=", sum, _) = left.as_ref() else {
            panic!()
        };
        assert!(
            matches!(sum.as_ref(), Raw::Binary("+", _, r) if matches!(r.as_ref(), Raw::Binary("*", _, _)))
        );
        assert!(matches!(right.as_ref(), Raw::Unary("not", _)));
        assert!(
            matches!(&s.condition, Some(Raw::Call(n, _, a)) if n == "pairedBoard" && a.len() == 1)
        );
    }

    #[test]
    fn errors_say_what_was_expected_where() {
        let e = parse("select avg(x from hero='AA'").unwrap_err();
        assert_eq!(e.column, Some(14));
        assert!(e.message.contains("expected ')'"), "{}", e.message);
        // An expression alone is averaged, named as written.
        let s = &parse("select equity(hero) , histogram(handType(hero, river)) from hero='AA'")
            .unwrap()[0];
        assert_eq!(s.selectors[0].aggregate, Aggregate::Avg);
        assert_eq!(s.selectors[0].name, "equity(hero)");
        assert_eq!(s.selectors[1].aggregate, Aggregate::Histogram);
        assert_eq!(s.selectors[1].name, "histogram(handType(hero, river))");
        let deep = format!(
            "select avg({}1{}) from hero='AA'",
            "(".repeat(2000),
            ")".repeat(2000)
        );
        assert!(parse(&deep)
            .unwrap_err()
            .message
            .contains("nested more than 64 deep"));
        let nots = format!("select count({}1) from hero='AA'", "not ".repeat(100));
        assert!(parse(&nots)
            .unwrap_err()
            .message
            .contains("nested more than"));
        let e = parse("select avg(x) from hero=AA").unwrap_err();
        assert!(e.message.contains("a quoted text"), "{}", e.message);
        assert!(parse("  ;  ").unwrap_err().message.contains("no statement"));
    }
}
