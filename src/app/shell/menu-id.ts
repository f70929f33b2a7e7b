/** The side menu's id: the menu and its lazily loaded content both need it. */
export const MENU_ID = 'main-menu';
/** The id of the app's router outlet: the split pane and the menu name it as their content. */
export const CONTENT_ID = 'main';
