/** The side menu's id: the menu and its lazily loaded content both need it. */
export const MENU_ID = 'main-menu';
