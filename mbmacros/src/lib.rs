//! The `mechanism!` macro.
//!
//! It parses the block (syntax and name errors point at the offending tokens), then expands to
//! `pub mod <snake_name> { include!("<crate>/src/generated/<snake_name>.rs"); }` — the module
//! `mbcompile gen` wrote for it. If that file is missing, or records a different model
//! fingerprint than the block's canonical form, compilation fails and names the command to run.
//! Layout and comment changes in the block keep the fingerprint; any change of meaning alters it.

use mbcompile::dsl::source::{GENERATED_DIR, generated_path, recorded_end, recorded_fingerprint};
use mbcompile::dsl::{Model, fingerprint, validate};
use proc_macro::TokenStream;
use quote::{format_ident, quote, quote_spanned};

/// Declares a mechanism; see the `mbcompile` documentation for the language.
#[proc_macro]
pub fn mechanism(input: TokenStream) -> TokenStream {
    let model = match syn::parse::<Model>(input).and_then(|m| {
        validate(&m)?;
        Ok(m)
    }) {
        Ok(m) => m,
        Err(e) => return e.to_compile_error().into(),
    };
    match std::env::var("CARGO_MANIFEST_DIR") {
        Ok(dir) => expand(&model, &dir).into(),
        Err(_) => {
            let span = model.name.span;
            quote_spanned!(span=> compile_error!("mechanism!: CARGO_MANIFEST_DIR is not set; build with cargo");).into()
        }
    }
}

/// The expansion of a parsed block in the crate at `manifest`.
fn expand(model: &Model, manifest: &str) -> proc_macro2::TokenStream {
    let module = model.module_name();
    let span = model.name.span;
    let path = generated_path(std::path::Path::new(&manifest), &module);
    let shown = format!("{GENERATED_DIR}/{module}.rs");
    let wanted = fingerprint(model);
    let command = format!("mbcompile gen {manifest}");
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(_) => {
            let msg = format!(
                "mechanism `{}` has no generated module ({shown} is missing); run `{command}`",
                model.name.text
            );
            return quote_spanned!(span=> compile_error!(#msg););
        }
    };
    match recorded_fingerprint(&text) {
        Some(found) if found == wanted => {}
        found => {
            let msg = format!(
                "generated module {shown} is stale: mechanism `{}` has fingerprint {wanted}, the file was generated from {}; run `{command}`",
                model.name.text,
                found.unwrap_or("an unknown model")
            );
            // Keep the file tracked so that regenerating it triggers a rebuild.
            let file = path.display().to_string();
            return quote_spanned!(span=>
                const _: &[u8] = include_bytes!(#file);
                compile_error!(#msg);
            );
        }
    }
    if recorded_end(&text) != Some(wanted.as_str()) {
        let msg = format!(
            "generated module {shown} of mechanism `{}` is truncated (it does not end with its end marker); run `{command}`",
            model.name.text
        );
        let file = path.display().to_string();
        return quote_spanned!(span=>
            const _: &[u8] = include_bytes!(#file);
            compile_error!(#msg);
        );
    }
    let docs = model.doc.iter();
    let ident = format_ident!("{}", module, span = span);
    let file = path.display().to_string();
    // A block's decimals are its author's numbers (a URDF's 1.57079632679 is not π/2): the
    // generated code must not be told to replace them by constants.
    quote! {
        #(#[doc = #docs])*
        #[allow(clippy::approx_constant)]
        pub mod #ident {
            include!(#file);
        }
    }
}

#[cfg(test)]
mod tests {
    //! The staleness guard: a generated file is accepted exactly when it records the block's
    //! fingerprint, at its top and in its end marker; layout and comments do not matter, meaning
    //! does.
    use super::expand;
    use mbcompile::dsl::source::generated_path;
    use mbcompile::dsl::{Model, fingerprint};

    const BLOCK: &str =
        "struct Ball; parameters { m: 1.0 } coordinates { y } kinetic = 0.5 * m * dot(y).powi(2);";

    fn crate_with(fp: &str) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        let path = generated_path(dir.path(), "ball");
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(
            &path,
            format!("// @generated\n// fingerprint: {fp}\n\n// end of generated module, fingerprint: {fp}\n"),
        )
        .unwrap();
        dir
    }

    fn expansion(block: &str, dir: &tempfile::TempDir) -> String {
        let model: Model = syn::parse_str(block).unwrap();
        expand(&model, dir.path().to_str().unwrap()).to_string()
    }

    #[test]
    fn fresh_module_is_included() {
        let model: Model = syn::parse_str(BLOCK).unwrap();
        let dir = crate_with(&fingerprint(&model));
        let out = expansion(BLOCK, &dir);
        assert!(
            out.contains("include !") && out.contains("pub mod ball"),
            "{out}"
        );
        assert!(!out.contains("compile_error"), "{out}");
        // Re-formatted, commented, `1.0` written as `1`: still fresh.
        let reformatted = "/// A ball.\nstruct Ball;\n// mass\nparameters {\n    m: 1,\n}\ncoordinates { y, }\nkinetic = 0.5*m*dot(y).powi(2) ;";
        let out = expansion(reformatted, &dir);
        assert!(!out.contains("compile_error"), "{out}");
    }

    #[test]
    fn module_without_its_end_marker_is_refused_as_truncated() {
        let model: Model = syn::parse_str(BLOCK).unwrap();
        let fp = fingerprint(&model);
        let dir = crate_with(&fp);
        let path = generated_path(dir.path(), "ball");
        let whole = std::fs::read_to_string(&path).unwrap();
        let cut = &whole[..whole.find("// end of").unwrap() - 1];
        std::fs::write(&path, cut).unwrap();
        let out = expansion(BLOCK, &dir);
        assert!(
            out.contains("compile_error") && out.contains("is truncated"),
            "{out}"
        );
        assert!(out.contains("mbcompile gen"), "{out}");
    }

    #[test]
    fn semantic_change_is_stale_and_names_the_command() {
        let model: Model = syn::parse_str(BLOCK).unwrap();
        let dir = crate_with(&fingerprint(&model));
        let changed = BLOCK.replace("0.5 * m", "0.25 * m");
        let out = expansion(&changed, &dir);
        assert!(out.contains("compile_error"), "{out}");
        assert!(
            out.contains("is stale") && out.contains("mbcompile gen"),
            "{out}"
        );
        let renamed_param = BLOCK.replace("m: 1.0", "m: 2.0");
        assert!(expansion(&renamed_param, &dir).contains("is stale"));
    }

    #[test]
    fn missing_module_names_the_command() {
        let dir = tempfile::tempdir().unwrap();
        let out = expansion(BLOCK, &dir);
        assert!(
            out.contains("has no generated module") && out.contains("mbcompile gen"),
            "{out}"
        );
    }
}
