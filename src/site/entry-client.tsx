import { hydrateRoot } from 'react-dom/client';
import { SiteApp } from './site-app';
import { SITE_DATA_ELEMENT_ID, SITE_ROOT_ELEMENT_ID, type SitePageData } from './site-data';
import '../common/theme/tokens.css';
import './styles/site.css';

const dataElement = document.getElementById(SITE_DATA_ELEMENT_ID);
const root = document.getElementById(SITE_ROOT_ELEMENT_ID);
if (dataElement?.textContent && root) {
  const data = JSON.parse(dataElement.textContent) as SitePageData;
  hydrateRoot(root, <SiteApp data={data} />);
}
