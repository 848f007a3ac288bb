/** Thin wrappers over browser side effects so tests can replace them. */
export function reloadPage(): void {
  window.location.reload();
}
