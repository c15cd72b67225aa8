/**
 * The player-facing popup renderer lives here: one renderer shared by the editor preview, the emulator, the
 * embed page and the published page. It arrives with the daily-rewards issues.
 */
export const VIEWS_PROTOCOL_VERSION = 1;
