import { IonApp, IonRouterOutlet, IonSplitPane } from '@ionic/react';
import { IonReactRouter } from '@ionic/react-router';
import { Navigate, Route } from 'react-router-dom';
import { InsightsScreens } from './lib/insights-screens';
import { LeaveApp } from './lib/leave-app';
import {
  AccountPage,
  AdminConsole,
  AuthHandlerPage,
  ChartsPage,
  ForgotPasswordPage,
  HubPage,
  LoginPage,
  MoviePage,
  SignupPage,
  TabsPage,
  TutorialPage,
  VideoPage,
} from './routes';
import { AppMenu } from './shell/app-menu';
import { CONTENT_ID } from './shell/menu-id';
import { OfflineNotice } from './shell/offline-notice';
import { SPLIT_PANE_WHEN } from './shell/split-pane';
import { SessionEndedNotice } from './shell/session-ended-notice';
import { UpdateToast } from './shell/update-toast';

export function App() {
  return (
    <IonApp>
      <IonReactRouter>
        <InsightsScreens />
        <IonSplitPane contentId={CONTENT_ID} when={SPLIT_PANE_WHEN}>
          <AppMenu />
          <IonRouterOutlet id={CONTENT_ID}>
            <Route path="/app/tabs/*" element={<TabsPage />} />
            <Route path="/app" element={<Navigate to="/app/tabs/home" replace />} />
            <Route path="/account" element={<AccountPage />} />
            <Route path="/login" element={<LoginPage />} />
            <Route path="/signup" element={<SignupPage />} />
            <Route path="/forgot-password" element={<ForgotPasswordPage />} />
            <Route path="/auth/handler" element={<AuthHandlerPage />} />
            <Route path="/tutorial" element={<TutorialPage />} />
            <Route path="/home" element={<HubPage />} />
            <Route path="/movie-example" element={<MoviePage />} />
            <Route path="/charts-and-graphs" element={<ChartsPage />} />
            <Route path="/video-example/:year" element={<VideoPage />} />
            <Route path="/admin/*" element={<AdminConsole />} />
            <Route path="*" element={<LeaveApp to="/" />} />
          </IonRouterOutlet>
        </IonSplitPane>
      </IonReactRouter>
      <OfflineNotice />
      <UpdateToast />
      <SessionEndedNotice />
    </IonApp>
  );
}
