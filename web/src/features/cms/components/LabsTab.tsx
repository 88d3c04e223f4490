import { Flex } from 'antd';
import { ContactInfo } from '../../../shared/ContactInfo';
import { descriptionColumn, kindColumn, nameColumn, statusColumn } from './catalogueColumns';
import { CatalogueList } from './CatalogueList';

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

const contactColumn = kindColumn({ title: 'Contact', key: 'contact', width: 220 }, 'labs', (lab) => (
  <ContactInfo address={lab.address} phone={lab.phone} email={lab.email} />
));

const statsColumn = kindColumn({ title: 'Stats', key: 'stats', width: 130 }, 'labs', (lab) => (
  <Flex vertical>
    <span>{plural(lab.user_count, 'user')}</span>
    <span>{plural(lab.institution_count, 'institution')}</span>
    <span>{plural(lab.test_request_count, 'test')}</span>
  </Flex>
));

const columns = [nameColumn, descriptionColumn, contactColumn, statsColumn, statusColumn];

/**
 * The Labs tab (spec 3 §2): laboratory facilities with their contact and how much they are used. A chunk of its
 * own, with the phone formatting its contacts need: the other tabs show no phone numbers.
 */
export default function LabsTab() {
  return <CatalogueList kind="labs" columns={columns} />;
}
