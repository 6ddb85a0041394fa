//! The equations report as data: the mechanism, its coordinates and parameters, and sections of
//! equations, each side of each equation in plain text and in LaTeX. The templates of
//! [`super::render`] turn it into text, LaTeX, Markdown or HTML.

use super::super::derive::{Derived, Route};
use super::printer::{Printer, intermediate_name, latex_name};
use crate::dsl::ast::Model;
use serde::Serialize;
use symbolica::atom::Atom;

/// One expression in plain text (`m*l^2*dot(theta)`) and in LaTeX (`m l^{2} \dot{\theta}`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Side {
    /// Plain text.
    pub text: String,
    /// LaTeX (math mode).
    pub latex: String,
}

/// `lhs = rhs`: a named quantity and its derived expression.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Equation {
    /// The quantity, e.g. `M[x, y]` / `M_{x, y}`.
    pub lhs: Side,
    /// Its expression.
    pub rhs: Side,
}

/// A titled group of equations, then lines of prose about them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Section {
    /// The heading, e.g. `Mass matrix M = d²T/dq̇²`.
    pub title: String,
    /// The equations, in order.
    pub equations: Vec<Equation>,
    /// Lines of prose shown after the equations.
    pub notes: Vec<String>,
}

/// A parameter of the mechanism.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ReportParameter {
    /// Its name in text and LaTeX.
    pub name: Side,
    /// Its default value as Rust prints an `f64` (`9.81`, `1.0`).
    pub default: String,
    /// Its documentation (`///` lines, joined by spaces), often the unit.
    pub doc: String,
}

/// The sizes of the mechanism.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Counts {
    /// Generalised coordinates.
    pub coordinates: usize,
    /// Bilateral (holonomic and velocity) constraints.
    pub bilateral_constraints: usize,
    /// Unilateral contacts.
    pub contacts: usize,
}

/// A whole equations report, ready for a template.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EquationsReport {
    /// The mechanism's name (its struct).
    pub model: String,
    /// Its sizes.
    pub counts: Counts,
    /// Its coordinates, in order.
    pub coordinates: Vec<Side>,
    /// Its parameters, in order.
    pub parameters: Vec<ReportParameter>,
    /// The time variable, when the model uses time explicitly.
    pub time: Option<Side>,
    /// The sections, in order.
    pub sections: Vec<Section>,
}

/// A report being built: the printer and the sections so far.
pub(super) struct Builder<'m> {
    pub(super) model: &'m Model,
    pub(super) printer: Printer,
    sections: Vec<Section>,
}

impl<'m> Builder<'m> {
    fn new(model: &'m Model) -> Builder<'m> {
        Builder {
            model,
            printer: Printer::new(model),
            sections: Vec::new(),
        }
    }

    /// Both forms of an atom.
    pub(super) fn side(&self, a: &Atom) -> Side {
        Side {
            text: self.printer.print(a, false),
            latex: self.printer.print(a, true),
        }
    }

    /// The last section (equations before any section go to an untitled one).
    fn current(&mut self) -> &mut Section {
        if self.sections.is_empty() {
            self.section("");
        }
        let last = self.sections.len() - 1;
        &mut self.sections[last]
    }

    /// `label = a` in the current section.
    pub(super) fn entry(&mut self, label: Side, a: &Atom) {
        let rhs = self.side(a);
        self.current().equations.push(Equation { lhs: label, rhs });
    }

    /// A line of prose after the equations of the current section.
    pub(super) fn note(&mut self, text: String) {
        self.current().notes.push(text);
    }

    /// Starts a section.
    pub(super) fn section(&mut self, title: &str) {
        self.sections.push(Section {
            title: title.to_string(),
            equations: Vec::new(),
            notes: Vec::new(),
        });
    }

    /// A symbol with one or two indices: `M[x, y]` and `M_{x, y}`.
    pub(super) fn indexed(&self, text: &str, tex: &str, a: &str, b: Option<&str>) -> Side {
        // A symbol with a subscript already (g_N of contact `c`) is grouped, `{g_{N}}_{c}`:
        // TeX and KaTeX refuse the double subscript `g_{N}_{c}`.
        let tex = if tex.contains('_') {
            format!("{{{tex}}}")
        } else {
            tex.to_string()
        };
        match b {
            None => Side {
                text: format!("{text}[{a}]"),
                latex: format!("{tex}_{{{a}}}"),
            },
            Some(b) => Side {
                text: format!("{text}[{a}, {b}]"),
                latex: format!("{tex}_{{{a}, {b}}}"),
            },
        }
    }

    pub(super) fn coordinate(&self, i: usize) -> &'m str {
        &self.model.coordinates[i].text
    }

    /// The non-zero entries of a Jacobian column `column` of constraint `name`.
    fn column(&mut self, text: &str, tex: &str, name: &str, column: &[Atom]) {
        for (i, a) in column.iter().enumerate() {
            if !a.is_zero() {
                let label = self.indexed(text, tex, self.coordinate(i), Some(name));
                self.entry(label, a);
            }
        }
    }

    /// T and V.
    fn energies(&mut self, d: &Derived) {
        self.section("Energies");
        let named = |n: &str| Side {
            text: n.to_string(),
            latex: n.to_string(),
        };
        self.entry(named("T"), &d.kinetic);
        self.entry(named("V"), &d.potential);
    }

    /// M (upper triangle, non-zero entries) and h.
    fn dynamics(&mut self, d: &Derived) {
        self.section("Mass matrix M = d²T/dq̇²");
        for i in 0..d.nq {
            for j in i..d.nq {
                if !d.mass[i][j].is_zero() {
                    let label =
                        self.indexed("M", "M", self.coordinate(i), Some(self.coordinate(j)));
                    self.entry(label, &d.mass[i][j]);
                }
            }
        }
        self.section("Forces h (M q̈ = h + W λ)");
        for i in 0..d.nq {
            let label = self.indexed("h", "h", self.coordinate(i), None);
            self.entry(label, &d.forces[i]);
        }
    }

    /// g, G and the drift of every bilateral constraint.
    fn bilateral(&mut self, d: &Derived) {
        self.section(if d.holonomic.contains(&false) {
            "Bilateral constraints g = 0 and G = ∇g, velocity constraints A q̇ + a = 0"
        } else {
            "Bilateral constraints g = 0 and G = ∇g"
        });
        let k = &d.kinematics.bilateral;
        for (j, name) in d.constraint_names.iter().enumerate() {
            if !d.holonomic[j] {
                // A velocity constraint A q̇ + a = 0: its column Aᵀ and offset a.
                self.column("A'", "A^{T}", name, &k.jacobian[j]);
                self.entry(self.indexed("a", "a", name, None), &k.time[j]);
                let label = self.indexed("Adot qdot", "\\dot{A}\\dot{q}", name, None);
                self.entry(label, &k.drift[j]);
                continue;
            }
            self.entry(self.indexed("g", "g", name, None), &d.bilateral[j]);
            self.column("G", "G", name, &k.jacobian[j]);
            let label = self.indexed("Gdot'qdot", "\\dot{G}^{T}\\dot{q}", name, None);
            self.entry(label, &k.drift[j]);
        }
    }

    /// g_N, W_N and W_T (and W_T2 of a tangent plane) of every contact.
    fn contacts(&mut self, d: &Derived) {
        self.section("Contacts: gaps g_N, W_N = ∇g_N, W_T");
        let k = &d.kinematics;
        let model = self.model;
        for (c, ct) in model.contacts.iter().enumerate() {
            let name = &ct.name.text;
            self.entry(self.indexed("g_N", "g_{N}", name, None), &d.gaps[c]);
            self.column("W_N", "W_{N}", name, &k.gaps.jacobian[c]);
            self.column("W_T", "W_{T}", name, &k.slips.jacobian[c]);
            if k.tangent_planes[c] {
                self.column("W_T2", "W_{T2}", name, &k.second_slips.jacobian[c]);
            }
        }
    }

    /// The intermediates of the structured or program route, in order of computation.
    fn intermediates(&mut self, d: &Derived) {
        self.section(match d.route {
            Route::Program => "Intermediates z (program route), in order of computation",
            _ => "Intermediates z (structured route), in order of computation",
        });
        for (z, value) in &d.intermediates {
            let stripped = z.get_stripped_name();
            let label = Side {
                text: intermediate_name(stripped, false),
                latex: intermediate_name(stripped, true),
            };
            self.entry(label, value);
        }
    }
}

impl EquationsReport {
    /// The report of the principal derived equations of `model`, with the Jacobians when
    /// `jacobians` is set.
    pub fn new(model: &Model, d: &Derived, jacobians: bool) -> EquationsReport {
        let mut b = Builder::new(model);
        b.energies(d);
        b.dynamics(d);
        if d.nb > 0 {
            b.bilateral(d);
        }
        if d.nu > 0 {
            b.contacts(d);
        }
        if jacobians {
            b.jacobians(d);
        }
        if !d.intermediates.is_empty() {
            b.intermediates(d);
        }
        let name = |text: &str| Side {
            text: text.to_string(),
            latex: latex_name(text),
        };
        EquationsReport {
            model: model.name.text.clone(),
            counts: Counts {
                coordinates: d.nq,
                bilateral_constraints: d.nb,
                contacts: d.nu,
            },
            coordinates: model.coordinates.iter().map(|c| name(&c.text)).collect(),
            parameters: (model.parameters.iter())
                .map(|p| ReportParameter {
                    name: name(&p.name.text),
                    default: format!("{:?}", p.default.value),
                    doc: p.doc.iter().map(|l| l.trim()).collect::<Vec<_>>().join(" "),
                })
                .collect(),
            time: model.time.as_ref().map(|t| name(&t.text)),
            sections: b.sections,
        }
    }

    /// How many equations all sections hold.
    pub fn equation_count(&self) -> usize {
        self.sections.iter().map(|s| s.equations.len()).sum()
    }
}
