/** Where every provider sends the user back: the app page that finishes the sign-in. */
export const HANDLER_PATH = '/auth/handler';

/** The handler page's full address on this origin (createAuthUri's continueUri). */
export const handlerUrl = () => `${window.location.origin}${HANDLER_PATH}`;
