// Browser actions that tests observe rather than perform.
export const browser = {
  reloadPage: () => window.location.reload(),
}
