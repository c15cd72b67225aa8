/** The UI editor's own texts (§2), quoted exactly where the spec quotes them. */
export const UI_EDITOR_MESSAGES = {
  title: 'UI Editor',
  back: '← Back',
  unsaved: 'Unsaved changes',
  saving: 'Saving...',
  save: 'Save',
  unknownFeature: (featureType: string) => `Feature component for "${featureType}" not found.`,
  emptyHierarchy:
    'No components detected. Render the feature in the preview to expose its CVE components to the editor.',
  nothingSelected: 'Select a component from the hierarchy to edit its properties.',
  notEditable: 'Selected component is not editable.',
  protectedNode: 'The popup needs this component: it cannot be removed.',
  saveFailed: 'Could not save the layout. Your changes are kept; try again.',
  loadFailed: 'Could not load this daily reward. Try again.',
  leaveTitle: 'Leave with unsaved changes?',
  leaveText: 'Your changes to this layout have not been saved and will be lost.',
  conflictTitle: 'Layout changed elsewhere',
  colorInvalid: 'Enter a colour such as #FFE16D, rgb(255, 225, 109) or a colour name.',
  numberInvalid: 'Enter a number such as 12, -4 or 0.5.',
} as const;
