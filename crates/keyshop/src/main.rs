/// mimalloc: the server allocates small objects on every request from many
/// threads, where it is markedly cheaper than the system allocator.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    keyshop::run()
}
