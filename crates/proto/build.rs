//! Compiles every `.proto` under the workspace's `proto/` folder with the
//! vendored protoc, so no system protoc is needed.

use std::path::{Path, PathBuf};

fn collect_protos(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            collect_protos(&path, out)?;
        } else if path.extension().is_some_and(|ext| ext == "proto") {
            out.push(path);
        }
    }
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let protoc = protoc_bin_vendored::protoc_bin_path()?;
    // Read at run time: a build script compiled for another checkout (a shared
    // target directory) must not look in that checkout.
    let proto_root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR")?).join("../../proto");
    let mut protos = Vec::new();
    collect_protos(&proto_root, &mut protos)?;
    protos.sort();
    println!("cargo:rerun-if-changed={}", proto_root.display());
    for proto in &protos {
        println!("cargo:rerun-if-changed={}", proto.display());
    }
    let out_dir = PathBuf::from(std::env::var("OUT_DIR")?);
    let mut config = tonic_prost_build::Config::new();
    config.protoc_executable(protoc);
    config.file_descriptor_set_path(out_dir.join("descriptors.bin"));
    let set = config.load_fds(&protos, &[proto_root])?;
    let secrets = secret_fields(&set)?;
    config.skip_debug(secrets.iter().map(|message| message.name.clone()));
    write_redacted_debug(&secrets, &out_dir.join("redacted_debug.rs"))?;
    write_idempotent_methods(&set, &out_dir.join("idempotent.rs"))?;
    tonic_prost_build::configure().compile_fds_with_config(set, config)?;
    Ok(())
}

/// Fields whose text is a secret in whichever message they appear: a
/// password, a token, a TOTP secret.
fn secret_by_name(field: &str) -> bool {
    field.contains("password") || field == "token" || field.ends_with("_token") || field.contains("secret")
}

/// Fields that are secret in their message alone: product keys, the
/// one-time codes of a sign-in or a password reset, a TOTP secret's URL and
/// links that carry a token.
const SECRET_FIELDS: &[(&str, &str)] = &[
    (".keyshop.delivery.v1.RevealedKey", "key"),
    (".keyshop.delivery.v1.StaffRevealedKey", "text"),
    (".keyshop.delivery.v1.KeyLine", "key"),
    (".keyshop.delivery.v1.ImportKeysRequest", "text"),
    (".keyshop.order.v1.RevealedKey", "key"),
    (".keyshop.member.v1.VerifyResetCodeRequest", "code"),
    (".keyshop.member.v1.FinishEnrollmentRequest", "code"),
    (".keyshop.member.v1.StaffSignInRequest", "code"),
    (".keyshop.member.v1.RecoveryCodes", "codes"),
    (".keyshop.member.v1.EnrollmentStart", "otpauth_url"),
    (".keyshop.member.v1.Invitation", "link"),
    (".keyshop.order.v1.MailLink", "url"),
];

/// A message with a secret field: its generated code gets no derived
/// `Debug`, [`write_redacted_debug`] writes one that leaves the secrets out.
struct SecretMessage {
    /// `.package.Message`.
    name: String,
    /// The Rust path below the crate (`delivery::v1::RevealedKey`).
    rust_path: String,
    /// Every field's Rust name and whether its value is a secret.
    fields: Vec<(String, bool)>,
}

fn secret_fields(set: &prost_types::FileDescriptorSet) -> Result<Vec<SecretMessage>, Box<dyn std::error::Error>> {
    use prost_types::field_descriptor_proto::Type;
    let mut messages = Vec::new();
    let mut listed: Vec<&(&str, &str)> = Vec::new();
    for file in set.file.iter().filter(|file| file.package().starts_with("keyshop.")) {
        let module = file.package().trim_start_matches("keyshop.").replace('.', "::");
        for message in &file.message_type {
            let name = format!(".{}.{}", file.package(), message.name());
            let mut fields = Vec::new();
            let mut any_secret = false;
            for field in &message.field {
                let text = matches!(field.r#type(), Type::String | Type::Bytes);
                let explicit = SECRET_FIELDS.iter().find(|(m, f)| *m == name && *f == field.name());
                listed.extend(explicit);
                let secret = text && (secret_by_name(field.name()) || explicit.is_some());
                any_secret |= secret;
                fields.push((rust_field(field.name()), secret));
            }
            if any_secret {
                // Kept simple: such a message has plain fields only.
                let oneof = message.field.iter().any(|field| field.oneof_index.is_some() && !field.proto3_optional());
                if oneof || !message.nested_type.is_empty() {
                    return Err(
                        format!("{name}: a message with a secret field must not nest messages or oneofs").into()
                    );
                }
                messages.push(SecretMessage { name, rust_path: format!("{module}::{}", message.name()), fields });
            }
        }
    }
    if let Some((message, field)) = SECRET_FIELDS.iter().find(|entry| !listed.contains(entry)) {
        return Err(format!("SECRET_FIELDS names {message}.{field}, which is not a text field of a message").into());
    }
    Ok(messages)
}

/// The Rust name prost gives a (snake_case) proto field.
fn rust_field(name: &str) -> String {
    const KEYWORDS: &[&str] = &["as", "async", "fn", "impl", "in", "match", "mod", "ref", "type", "use", "where"];
    if KEYWORDS.contains(&name) { format!("r#{name}") } else { name.to_owned() }
}

fn write_redacted_debug(messages: &[SecretMessage], out: &Path) -> std::io::Result<()> {
    let mut code = String::from("// Generated by build.rs: Debug for the messages with a secret field.\n");
    for message in messages {
        let short = message.rust_path.rsplit("::").next().unwrap_or_default();
        code.push_str(&format!(
            "impl ::core::fmt::Debug for crate::{} {{\n    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {{\n        f.debug_struct({short:?})",
            message.rust_path
        ));
        for (field, secret) in &message.fields {
            let label = field.trim_start_matches("r#");
            let value = if *secret { "&Redacted".to_owned() } else { format!("&self.{field}") };
            code.push_str(&format!("\n            .field({label:?}, {value})"));
        }
        code.push_str("\n            .finish()\n    }\n}\n");
    }
    std::fs::write(out, code)
}

/// Writes `IDEMPOTENT_METHODS`: the paths of the methods whose proto says
/// `option idempotency_level = NO_SIDE_EFFECTS` or `IDEMPOTENT`, sorted.
fn write_idempotent_methods(
    set: &prost_types::FileDescriptorSet,
    out: &Path,
) -> Result<(), Box<dyn std::error::Error>> {
    use prost_types::method_options::IdempotencyLevel;
    let mut paths = Vec::new();
    for file in &set.file {
        for service in &file.service {
            for method in &service.method {
                let level = method.options.as_ref().map(|options| options.idempotency_level());
                if matches!(level, Some(IdempotencyLevel::NoSideEffects | IdempotencyLevel::Idempotent)) {
                    paths.push(format!("/{}.{}/{}", file.package(), service.name(), method.name()));
                }
            }
        }
    }
    paths.sort();
    let mut code = String::from(
        "/// Generated from the protos' `idempotency_level` options.\npub const IDEMPOTENT_METHODS: &[&str] = &[\n",
    );
    for path in &paths {
        code.push_str(&format!("    {path:?},\n"));
    }
    code.push_str("];\n");
    std::fs::write(out, code)?;
    Ok(())
}
