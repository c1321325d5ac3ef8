// What the server says while the Sirius engine is not imported: the app's server banner, and the
// placeholder engine's description (docs/protocol.md §12.2).
export const NO_ENGINE_MESSAGE =
  'The Sirius engine is not installed on this server yet, so charts cannot be played. ' +
  'The operator imports it with: npm run import-pack -- <file.scp | pack folder>'

/** The same, in the app's languages we localise (issue 15: the banner was English everywhere). */
const NO_ENGINE_MESSAGES: Record<string, string> = {
  en: NO_ENGINE_MESSAGE,
  ja:
    'このサーバーにはまだ Sirius エンジンがインストールされていないため、譜面をプレイできません。' +
    '運営者は npm run import-pack -- <file.scp | パックのフォルダー> でインポートします。',
  zhs:
    '本服务器尚未安装 Sirius 引擎，因此还不能游玩谱面。' +
    '运营者可用 npm run import-pack -- <file.scp | 资源包文件夹> 导入。',
}
export const noEngineMessage = (localization: string | undefined): string =>
  NO_ENGINE_MESSAGES[localization ?? 'en'] ?? NO_ENGINE_MESSAGE
