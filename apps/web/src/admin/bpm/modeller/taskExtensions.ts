/** The `camunda:property` naming the plugin buttons (codes, comma-separated) a user task offers. */
export const taskButtonsProperty = 'buttons';
/** The `camunda:property` naming the HTTP endpoint a service task calls. */
export const serviceUrlProperty = 'url';
