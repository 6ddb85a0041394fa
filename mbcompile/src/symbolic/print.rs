//! Human-readable equations: derived atoms printed with the model's own names, as plain text or
//! LaTeX (`Printer`), and whole reports: the report as data ([`EquationsReport`], with the
//! Jacobians section of `jacobians`) rendered by a template per format ([`ReportTemplates`]).

mod jacobians;
mod printer;
mod render;
mod report;

pub use render::{
    DEFAULT_KATEX_URL, Format, KATEX_VERSION, REPORT_TEMPLATES, ReportTemplates, template_name,
};
pub use report::{Counts, Equation, EquationsReport, ReportParameter, Section, Side};

use super::derive::Derived;
use crate::dsl::ast::Model;
use crate::templates::TemplateError;

/// What a report shows besides the principal equations.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Sections {
    /// ∂h/∂q, ∂h/∂q̇, ∂h/∂t, ∂(M a)/∂q, ∂h/∂p, ∂(M a)/∂p, the drift Jacobians.
    pub jacobians: bool,
}

/// A report of the principal derived equations of a model.
pub fn report(model: &Model, d: &Derived, format: Format) -> String {
    report_sections(model, d, format, Sections::default())
}

/// A report of the principal derived equations of a model and the optional `sections`, by the
/// built-in template of `format` (an HTML report loads KaTeX from [`DEFAULT_KATEX_URL`]).
///
/// The built-in templates are tested with every format; should one still fail, the text
/// returned is the error, not a report.
pub fn report_sections(model: &Model, d: &Derived, format: Format, sections: Sections) -> String {
    ReportTemplates::load(None)
        .and_then(|t| render_report(&t, model, d, format, sections, DEFAULT_KATEX_URL))
        .unwrap_or_else(|e| format!("internal error: a built-in report template failed: {e}\n"))
}

/// A report of `model` in `format` by `templates` (built in or a user's); the HTML report loads
/// KaTeX from `katex_url`. Errors come from a user's template.
pub fn render_report(
    templates: &ReportTemplates,
    model: &Model,
    d: &Derived,
    format: Format,
    sections: Sections,
    katex_url: &str,
) -> Result<String, TemplateError> {
    let report = EquationsReport::new(model, d, sections.jacobians);
    templates.render(&report, format, katex_url)
}
