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
    let descriptors = out_dir.join("descriptors.bin");
    let mut config = tonic_prost_build::Config::new();
    config.protoc_executable(protoc);
    config.file_descriptor_set_path(&descriptors);
    tonic_prost_build::configure().compile_with_config(config, &protos, &[proto_root])?;
    write_idempotent_methods(&descriptors, &out_dir.join("idempotent.rs"))
}

/// Writes `IDEMPOTENT_METHODS`: the paths of the methods whose proto says
/// `option idempotency_level = NO_SIDE_EFFECTS` or `IDEMPOTENT`, sorted.
fn write_idempotent_methods(descriptors: &Path, out: &Path) -> Result<(), Box<dyn std::error::Error>> {
    use prost::Message as _;
    use prost_types::method_options::IdempotencyLevel;
    let set = prost_types::FileDescriptorSet::decode(std::fs::read(descriptors)?.as_slice())?;
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
