//! The C function of each entry of the function table ([`crate::codegen::functions`]): the same
//! inputs and outputs as the Rust method, the parameters in a struct read through
//! `const <model>_params *restrict p`, state vectors as `const double *restrict`, output buffers
//! as `double *restrict` (matrices row by row: entry (i, j) of an r × c matrix at `[i*c + j]`),
//! and the body from the kernel of the outputs printed in C.

use super::function::{Body, CFunction, CParameter};
use super::names::{CNames, identifier};
use crate::codegen::functions::{
    Argument, Buffer, Family, FunctionSpec, Output, Shape, Size, kernel_inputs,
};
use crate::codegen::input::Input;
use crate::codegen::kernel::{Kernel, kernel};
use crate::codegen::language::Language;
use crate::codegen::outputs::{self, Out};
use crate::codegen::shared::Plan;
use crate::dsl::ast::Model;
use crate::error::EmissionError;
use crate::symbolic::derive::Derived;
use std::cell::RefCell;
use symbolica::atom::{Atom, Symbol};

/// Above this many zero entries a buffer is cleared by a loop before its non-zero entries are
/// written (at or below it, each zero is written, which reads better in small models).
const ZEROS_BY_LOOP: usize = 8;

/// Emits the C functions of one model.
pub struct CEmitter<'a> {
    pub(super) model: &'a Model,
    pub(super) d: &'a Derived,
    horner: usize,
    pub(super) names: CNames,
    /// The shared intermediates the kernels read from their helpers.
    plan: Option<&'a Plan>,
    /// When recording: the closure of every kernel, for the plan (the code is discarded).
    pub(super) sites: Option<RefCell<Vec<Vec<Symbol>>>>,
}

/// An output buffer of a C function: its name and shape.
pub(super) type CBuffer = (&'static str, Shape);

impl<'a> CEmitter<'a> {
    /// An emitter with Horner-scheme search iterations `horner`, reading the intermediates of
    /// `plan` from its helpers.
    pub fn new(model: &'a Model, d: &'a Derived, horner: usize, plan: Option<&'a Plan>) -> Self {
        CEmitter {
            model,
            d,
            horner,
            names: CNames::new(model),
            plan,
            sites: None,
        }
    }

    /// An emitter that only records the closure of every kernel (in `sites`), for the plan of
    /// shared intermediates; the functions it returns are discarded.
    pub fn recording(model: &'a Model, d: &'a Derived) -> Self {
        CEmitter {
            sites: Some(RefCell::new(Vec::new())),
            ..CEmitter::new(model, d, 0, None)
        }
    }

    /// The C function of `spec`.
    pub fn function(&mut self, spec: &FunctionSpec) -> Result<CFunction, EmissionError> {
        match spec.output {
            Output::Scalar(s) => {
                let atom = outputs::scalar(self.d, s).clone();
                self.scalar(spec, atom)
            }
            Output::Buffers(buffers) => self.buffers(spec, buffers),
            Output::Indexed {
                index,
                buffer,
                shape,
                family,
            } => self.indexed(spec, index, (buffer, shape), family),
            Output::ContactLaws => self.contact_laws(spec),
            Output::ParameterDerivative(f) => self.parameter_derivative(spec, f),
            Output::ParametersInConstraints => Ok(self.parameters_in_constraints(spec)),
            Output::Jets { .. } => Err(EmissionError::NotInTarget {
                function: spec.name.to_string(),
                target: "C",
            }),
        }
    }

    /// The number a size stands for.
    pub(super) fn size(&self, s: Size) -> usize {
        match s {
            Size::Coordinates => self.d.nq,
            Size::Bilateral => self.d.nb,
            Size::Contacts => self.d.nu,
        }
    }

    /// Rows and columns of a buffer (columns 1 for a vector).
    fn dimensions(&self, shape: Shape) -> (usize, usize) {
        match shape {
            Shape::Vector(n) => (self.size(n), 1),
            Shape::Matrix(r, c) => (self.size(r), self.size(c)),
        }
    }

    /// How a buffer is laid out, for the documentation.
    pub(super) fn layout(&self, (name, shape): CBuffer) -> String {
        match shape {
            Shape::Vector(n) => format!("{name}: {} entries", self.size(n)),
            Shape::Matrix(r, c) => format!(
                "{name}: {} x {} matrix, row by row",
                self.size(r),
                self.size(c)
            ),
        }
    }

    /// `const <model>_params *restrict p`, then the state arguments (`t` as a double).
    pub(super) fn state_parameters(&self, arguments: &[Argument]) -> Vec<CParameter> {
        let mut v = vec![CParameter {
            declaration: format!("const {} *restrict p", self.names.parameters()),
            name: "p".into(),
        }];
        for a in arguments {
            v.push(match a {
                Argument::T => CParameter::value("double", "t"),
                a => CParameter::input(a.name()),
            });
        }
        v
    }

    /// The kernel inputs of a function: the parameters, its state arguments, the time.
    pub(super) fn inputs(&self, arguments: &[Argument]) -> Vec<Input> {
        kernel_inputs(self.model, self.d.nq, arguments, "p", |name| {
            format!("p->{}", identifier(name))
        })
    }

    /// The kernel of `atoms` over `inputs`, in C (when recording, a placeholder).
    pub(super) fn kernel(
        &self,
        name: &str,
        inputs: &[Input],
        atoms: &[Atom],
    ) -> Result<Kernel, EmissionError> {
        if let Some(sites) = &self.sites {
            let refs: Vec<&Atom> = atoms.iter().collect();
            let closure = self.d.program.closure(&refs);
            sites
                .borrow_mut()
                .push(closure.into_iter().map(|(s, _)| s).collect());
            return Ok(Kernel::placeholder(atoms.len()));
        }
        kernel(
            &self.d.program,
            atoms,
            inputs,
            self.horner,
            Language::C,
            self.plan,
        )
        .map_err(|source| EmissionError::Kernel {
            function: name.to_string(),
            source,
        })
    }

    /// Appends to `body` (at `depth`) the statements computing `outs` and writing every entry
    /// of `buffers`: the values of non-zero entries, `0.0` for the others (by one loop over the
    /// buffer first when more than [`ZEROS_BY_LOOP`] entries are zero, as the Rust module's
    /// `fill(0.0)`: a sparse 81 × 81 mass matrix is then ~200 lines, not 6 561).
    pub(super) fn write(
        &self,
        body: &mut Body,
        depth: usize,
        (name, inputs): (&str, &[Input]),
        outs: &[Out],
        buffers: &[CBuffer],
    ) -> Result<(), EmissionError> {
        let atoms: Vec<Atom> = outs.iter().map(|o| o.atom.clone()).collect();
        let k = self.kernel(name, inputs, &atoms)?;
        for a in &k.arguments_used {
            body.uses(a);
        }
        for s in &k.statements {
            body.line(depth, s.as_str());
        }
        let mut entries: Vec<Vec<Option<&str>>> = buffers
            .iter()
            .map(|(_, shape)| {
                let (r, c) = self.dimensions(*shape);
                vec![None; r * c]
            })
            .collect();
        for (o, v) in outs.iter().zip(&k.values) {
            for t in &o.targets {
                let (_, c) = self.dimensions(buffers[t.buffer].1);
                entries[t.buffer][t.row * c + t.column.unwrap_or(0)] = Some(v.as_str());
            }
        }
        for ((name, _), values) in buffers.iter().zip(&entries) {
            if !values.is_empty() {
                body.uses(name);
            }
            // An entry nothing writes, or one whose kernel value is the literal zero.
            let is_zero = |v: &Option<&str>| v.is_none_or(|v| v == "0.0");
            let zeros = values.iter().filter(|v| is_zero(v)).count();
            let by_loop = zeros > ZEROS_BY_LOOP;
            if by_loop {
                let n = values.len();
                body.line(depth, format!("for (int mb_k = 0; mb_k < {n}; ++mb_k) {{"));
                body.line(depth + 1, format!("{name}[mb_k] = 0.0;"));
                body.line(depth, "}");
            }
            for (i, v) in values.iter().enumerate() {
                if !(by_loop && is_zero(v)) {
                    body.line(depth, format!("{name}[{i}] = {};", v.unwrap_or("0.0")));
                }
            }
        }
        Ok(())
    }

    /// `double name(p, state…)`: returns the value.
    fn scalar(&mut self, spec: &FunctionSpec, atom: Atom) -> Result<CFunction, EmissionError> {
        let inputs = self.inputs(spec.arguments);
        let k = self.kernel(spec.name, &inputs, &[atom])?;
        let mut body = Body::default();
        for a in &k.arguments_used {
            body.uses(a);
        }
        for s in &k.statements {
            body.line(1, s.as_str());
        }
        body.line(1, format!("return {};", k.values[0]));
        let parameters = self.state_parameters(spec.arguments);
        let doc = vec![spec.doc.to_string()];
        Ok(body.function(self.named(spec), doc, "double", &parameters))
    }

    /// `void name(p, state…, buffers…)`.
    fn buffers(
        &mut self,
        spec: &FunctionSpec,
        buffers: &[Buffer],
    ) -> Result<CFunction, EmissionError> {
        let mut outs = Vec::new();
        for (b, buffer) in buffers.iter().enumerate() {
            outs.extend(outputs::quantity(self.d, buffer.quantity, b));
        }
        let shapes: Vec<CBuffer> = buffers.iter().map(|b| (b.name, b.shape)).collect();
        let inputs = self.inputs(spec.arguments);
        let mut body = Body::default();
        self.write(&mut body, 1, (spec.name, &inputs), &outs, &shapes)?;
        let mut parameters = self.state_parameters(spec.arguments);
        parameters.extend(buffers.iter().map(|b| CParameter::output(b.name)));
        let mut doc = vec![spec.doc.to_string()];
        doc.extend(shapes.iter().map(|s| self.layout(*s)));
        Ok(body.function(self.named(spec), doc, "void", &parameters))
    }

    /// `int name(p, state…, int index, double *buffer)`: one case per member, 0 past the last.
    fn indexed(
        &mut self,
        spec: &FunctionSpec,
        index: &'static str,
        buffer: CBuffer,
        family: Family,
    ) -> Result<CFunction, EmissionError> {
        let members = outputs::family(self.d, family);
        let inputs = self.inputs(spec.arguments);
        let mut body = Body::default();
        if !members.is_empty() {
            body.uses(index);
            body.line(1, format!("switch ({index}) {{"));
            for (k, outs) in members.iter().enumerate() {
                body.line(1, format!("case {k}: {{"));
                let member = format!("{}[{k}]", spec.name);
                self.write(&mut body, 2, (&member, &inputs), outs, &[buffer])?;
                body.line(2, "return 1;");
                body.line(1, "}");
            }
            body.line(1, "default:");
            body.line(2, "return 0;");
            body.line(1, "}");
        } else {
            body.line(1, "return 0;");
        }
        let mut parameters = self.state_parameters(spec.arguments);
        parameters.push(CParameter::value("int", index));
        parameters.push(CParameter::output(buffer.0));
        let doc = vec![
            format!(
                "{}; returns 0 (and writes nothing) past the last {index}",
                spec.doc
            ),
            self.layout(buffer),
        ];
        Ok(body.function(self.named(spec), doc, "int", &parameters))
    }

    /// The C name and the Rust name of a table entry.
    pub(super) fn named(&self, spec: &FunctionSpec) -> (String, &'static str) {
        (self.names.function(spec.name), spec.name)
    }
}
