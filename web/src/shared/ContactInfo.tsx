import { Flex, Typography } from 'antd';
import { EllipsisText } from './EllipsisText';
import { FlagText } from './Flag';
import { formatPhoneNumber } from './phone';

interface ContactInfoProps {
  address: string | null;
  phone: string | null;
  email: string | null;
}

/** A facility's address, phone and e-mail, one a line, or "No contact info" (spec 3 §2: labs). */
export function ContactInfo({ address, phone, email }: ContactInfoProps) {
  if (address === null && phone === null && email === null) {
    return <Typography.Text type="secondary">No contact info</Typography.Text>;
  }
  return (
    <Flex vertical>
      {address !== null && <EllipsisText>{address}</EllipsisText>}
      {phone !== null && (
        <span>
          <FlagText>{formatPhoneNumber(phone)}</FlagText>
        </span>
      )}
      {email !== null && <EllipsisText type="secondary">{email}</EllipsisText>}
    </Flex>
  );
}
