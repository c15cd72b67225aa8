/**
 * How long the UI editor waits for the server to answer a save before it says the save failed (decision 058): a save
 * always ends, as saved or as an error, never at "Saving..." for good.
 */
export const LAYOUT_SAVE_TIMEOUT_MS = 30_000;

/** The UI editor's own texts, quoted exactly where the spec quotes them. */
export const UI_EDITOR_MESSAGES = {
  title: 'UI Editor',
  back: '← Back',
  unsaved: 'Unsaved changes',
  /** A config never customised: its popup shows the generated default layout (decision 028). */
  defaultLayout: 'Default layout',
  saveDefaultTitle:
    "Nothing changed. Save stores this default layout as the config's own, so later changes to the default no longer reach it.",
  repaired:
    'The stored layout was in an older form and was repaired as it loaded; the popup already shows it this way. Save to store it as shown.',
  clearSelection: 'Clear selection',
  saving: 'Saving...',
  save: 'Save',
  unknownFeature: (featureType: string) => `Feature component for "${featureType}" not found.`,
  /** The editor was opened on an experiment variant the config no longer has (a link or bookmark from before). */
  variantNotFound: (variantId: string) =>
    `Variant ${variantId} is no longer in an experiment of this daily reward (the experiment ended, or a variant was promoted): this is the config’s own layout.`,
  emptyHierarchy:
    'No components detected. Render the feature in the preview to expose its CVE components to the editor.',
  nothingSelected: 'Select a component from the hierarchy to edit its properties.',
  notEditable: 'Selected component is not editable.',
  protectedNode: 'The popup needs this component: it cannot be removed.',
  saveFailed: 'Could not save the layout. Your changes are kept; try again.',
  saveTimedOut: `The server did not answer the save within ${LAYOUT_SAVE_TIMEOUT_MS / 1000} seconds, so the layout may not be saved. Your changes are kept; save again.`,
  loadFailed: 'Could not load this daily reward. Try again.',
  leaveTitle: 'Leave with unsaved changes?',
  leaveText: 'Your changes to this layout have not been saved and will be lost.',
  conflictTitle: 'Layout changed elsewhere',
  colorInvalid: 'Enter a colour such as #FFE16D, rgb(255, 225, 109) or a colour name.',
  numberInvalid: 'Enter a number such as 12, -4 or 0.5.',
  nameInHierarchy: 'Name in the hierarchy',
  /** What a bound value or a theme colour renders, and why (decision 028). */
  bindingNames: {
    'day.label': "the card's day",
    'pack.name': "the day's pack name",
    'pack.amount': "the day's pack amount",
    'pack.image': "the day's pack image",
  },
  themeColorNames: { primary: "the game's primary colour", secondary: "the game's secondary colour" },
  ownColor: 'Its own colour',
  showsBoundText: (text: string, source: string) => `Shows “${text}”: ${source}. Type a text to show your own instead.`,
  showsNothingBound: (source: string, day: number) => `Shows nothing: ${source}, and day ${day} has no pack.`,
  showsOwnText: (source: string) => `Shows its own text. With no text it shows ${source}.`,
  showsPackImage: (pack: string) => `Shows the day's pack image (${pack}). Pick an asset to show your own instead.`,
  showsPackIcon: (pack: string) =>
    `Shows the day's pack icon (${pack} has no image). Pick an asset to show your own instead.`,
  showsEmptyBox: (day: number) => `Shows an empty box: day ${day} has no pack with an image or icon.`,
  showsOwnImage: "Shows its own image. With no image it shows the day's pack image.",
  backToBinding: (source: string) => `Use ${source}`,
  showsThemeColor: (color: string, role: string) => `Shows ${color}, ${role} (Game Profile → Theme).`,
  // The layout's type name (TextCB…) is data, not a word a designer reads (decision 055).
  componentType: (name: string) => `${name} component`,
  zoom: 'Zoom',
  zoomFit: (percent: number) => `Fit (${percent}%)`,
} as const;
