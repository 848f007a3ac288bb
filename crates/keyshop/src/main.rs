/// mimalloc: the server allocates small objects on every request from many
/// threads, where it is markedly cheaper than the system allocator. Built
/// without transparent huge pages (`no_thp`): mimalloc otherwise asks for them
/// on its arenas, and an idle store held ~45 MB more in 2 MB pages it had
/// only begun to use (idle RSS 147 MB with them, 101 MB without).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    keyshop::run()
}
