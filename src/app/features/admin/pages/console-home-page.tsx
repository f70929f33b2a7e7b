import { IonItem, IonLabel, IonList, IonListHeader } from '@ionic/react';
import { ConsolePage } from '../components/console-page';

const STAFF_SECTIONS = [
  { href: '/admin/content/services', title: 'Services', note: 'What the company offers' },
  { href: '/admin/content/core-values', title: 'Core values', note: 'The About Us page' },
  { href: '/admin/content/client-reviews', title: 'Client reviews', note: 'The landing page' },
  { href: '/admin/content/team-members', title: 'Team members', note: 'Our Team and each member’s page' },
  { href: '/admin/inbox', title: 'Contact Us inbox', note: 'Messages from visitors' },
  { href: '/admin/movies', title: 'Movie list', note: 'Edit or remove movies of the demo' },
] as const;

const ADMIN_SECTIONS = [
  { href: '/admin/users', title: 'Users', note: 'Accounts, roles, disabling' },
  { href: '/admin/audit', title: 'Audit log', note: 'Every staff action' },
  { href: '/admin/settings', title: 'Settings', note: 'Sign-up and sign-in rules' },
] as const;

interface Section {
  href: string;
  title: string;
  note: string;
}

function SectionList({ heading, sections }: { heading: string; sections: readonly Section[] }) {
  return (
    <IonList inset>
      <IonListHeader>
        <h2>{heading}</h2>
      </IonListHeader>
      {sections.map((section) => (
        <IonItem key={section.href} routerLink={section.href} detail>
          <IonLabel>
            <h3>{section.title}</h3>
            <p>{section.note}</p>
          </IonLabel>
        </IonItem>
      ))}
    </IonList>
  );
}

export default function ConsoleHomePage() {
  return (
    <ConsolePage title="Staff console" defaultHref="/app/tabs/home">
      {(session) => (
        <>
          <p>Signed in as {session.email}.</p>
          <SectionList heading="Site and demo" sections={STAFF_SECTIONS} />
          {session.roles.includes('admin') && <SectionList heading="Administration" sections={ADMIN_SECTIONS} />}
        </>
      )}
    </ConsolePage>
  );
}
