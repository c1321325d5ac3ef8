// Browser actions that tests observe rather than perform.
export const browser = {
  reloadPage: () => window.location.reload(),
  /** Goes to an address the browser downloads (an archive): the page stays. */
  download: (url: string) => window.location.assign(url),
}
