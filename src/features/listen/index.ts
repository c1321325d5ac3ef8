// The preview clip player, as other features and the shell use it: the play/pause button, and stopping
// the clip (when the page is left, or the whole song starts).
export { PreviewButton } from './PreviewButton'
export { stopPreview } from './previewPlayer'
