//! Components of named vectors in scalar expressions: `P.x`, `P.y`, `P.z` of a point, a vector
//! `let` or a body (its centre of mass) are the expressions of those world components, written
//! into the model once the block is parsed, so that every later stage sees plain expressions
//! (a loop closure `constraint close_x = tip.x - d;` with `point tip = link5 * (l, 0.0, 0.0);`).
//!
//! A name that is a scalar, unknown, a component a planar model does not have, or a value
//! defined through its own components is a located error.

use super::ast::{Expr, ExprKind, Model};
use super::walk::rewrite_model;
use syn::Error;

/// Replaces every `name.c` in `m` by the expression of that component.
pub fn substitute_components(m: &mut Model) -> syn::Result<()> {
    let table = Table::of(m);
    rewrite_model(m, &mut |e| table.expand(e, &mut Vec::new()))
}

/// The components of every named vector of the model as parsed.
struct Table {
    /// Name and components, in the order vector `let`s, points, bodies (the first match wins).
    vectors: Vec<(String, Vec<Expr>)>,
    /// The names of scalars (parameters, coordinates, the time, scalar `let`s).
    scalars: Vec<String>,
}

impl Table {
    fn of(m: &Model) -> Table {
        let mut vectors: Vec<(String, Vec<Expr>)> = Vec::new();
        for v in m.vectors.iter().rev() {
            vectors.push((v.name.text.clone(), v.value.components.clone()));
        }
        for p in &m.points {
            vectors.push((p.name.text.clone(), p.position.components.clone()));
        }
        for b in &m.bodies {
            let components = match (&b.joint, &b.position) {
                (Some(_), _) => {
                    let span = b.name.span;
                    let com = match &b.com {
                        Some(c) => c.components.clone(),
                        None => (0..3).map(|_| Expr::int(0, span)).collect(),
                    };
                    (0..3)
                        .map(|component| {
                            Expr::new(
                                ExprKind::BodyPoint {
                                    body: b.name.text.clone(),
                                    local: com.clone(),
                                    component,
                                },
                                span,
                            )
                        })
                        .collect()
                }
                (None, Some(p)) => p.components.clone(),
                (None, None) => continue,
            };
            vectors.push((b.name.text.clone(), components));
        }
        let mut scalars: Vec<String> = m.parameters.iter().map(|p| p.name.text.clone()).collect();
        scalars.extend(
            m.coordinates
                .iter()
                .chain(m.time.iter())
                .map(|n| n.text.clone()),
        );
        scalars.extend(m.definitions.iter().map(|d| d.name.text.clone()));
        Table { vectors, scalars }
    }

    /// `e` with every component node replaced, following the replacements (`stack`: the names
    /// being expanded, to report a value defined through its own components).
    fn expand(&self, e: &Expr, stack: &mut Vec<String>) -> syn::Result<Expr> {
        let span = e.span;
        let kind = match &e.kind {
            ExprKind::Component { name, component } => {
                return self.component(name, *component, span, stack);
            }
            ExprKind::Neg(a) => ExprKind::Neg(Box::new(self.expand(a, stack)?)),
            ExprKind::Binary(op, a, b) => ExprKind::Binary(
                *op,
                Box::new(self.expand(a, stack)?),
                Box::new(self.expand(b, stack)?),
            ),
            ExprKind::Call(f, a) => ExprKind::Call(*f, Box::new(self.expand(a, stack)?)),
            ExprKind::Powi(a, n) => ExprKind::Powi(Box::new(self.expand(a, stack)?), *n),
            ExprKind::Powf(a, b) => ExprKind::Powf(
                Box::new(self.expand(a, stack)?),
                Box::new(self.expand(b, stack)?),
            ),
            ExprKind::BodyPoint {
                body,
                local,
                component,
            } => ExprKind::BodyPoint {
                body: body.clone(),
                local: local
                    .iter()
                    .map(|x| self.expand(x, stack))
                    .collect::<syn::Result<_>>()?,
                component: *component,
            },
            _ => return Ok(e.clone()),
        };
        Ok(Expr::new(kind, span))
    }

    /// The expression of component `c` of `name`.
    fn component(
        &self,
        name: &str,
        c: usize,
        span: proc_macro2::Span,
        stack: &mut Vec<String>,
    ) -> syn::Result<Expr> {
        let Some((_, components)) = self.vectors.iter().find(|(n, _)| n == name) else {
            let what = if self.scalars.iter().any(|s| s == name) {
                format!(
                    "`{name}` is a scalar: only points, vector `let`s and bodies have components"
                )
            } else {
                format!("unknown point, vector or body `{name}`")
            };
            return Err(Error::new(span, what));
        };
        let Some(value) = components.get(c) else {
            return Err(Error::new(
                span,
                format!("`{name}` is planar: it has the components `.x` and `.y`"),
            ));
        };
        if stack.iter().any(|s| s == name) {
            return Err(Error::new(
                span,
                format!("`{name}` is defined through its own components"),
            ));
        }
        stack.push(name.to_string());
        let expanded = self.expand(value, stack);
        stack.pop();
        expanded
    }
}

#[cfg(test)]
mod tests {
    //! A component is its expression: a block written with `P.x` is the block with the
    //! component written out (same canonical form, hence the same fingerprint and code).

    use crate::dsl::ast::Model;
    use crate::dsl::canonical::model as canonical;

    fn parse(src: &str) -> Model {
        syn::parse_str(src).unwrap_or_else(|e| panic!("{e}\n{src}"))
    }

    #[test]
    fn components_of_points_lets_and_bodies_are_their_expressions() {
        let with = parse(
            "struct Arm; parameters { l: 1.0, d: 0.5 } coordinates { a, b }
             point tip = (l * cos(a), l * sin(a));
             let arm = tip - (0.0, d);
             body bob { mass: 1.0, position: (l * cos(b), l * sin(b)) }
             constraint c1 = tip.x - d;
             constraint c2 = arm.y + bob.y;",
        );
        let without = parse(
            "struct Arm; parameters { l: 1.0, d: 0.5 } coordinates { a, b }
             point tip = (l * cos(a), l * sin(a));
             let arm = tip - (0.0, d);
             body bob { mass: 1.0, position: (l * cos(b), l * sin(b)) }
             constraint c1 = l * cos(a) - d;
             constraint c2 = l * sin(a) - d + l * sin(b);",
        );
        assert_eq!(canonical(&with), canonical(&without));
    }
}
