import { Card, Typography } from 'antd';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { PageHeader } from '../../shared/PageHeader';
import { ContactDialog } from './ContactDialog';

/**
 * /contact (spec 3 §2; the top bar's Contact Us leads here, spec 1 §2): the contact support dialog, open on
 * arrival over a page that says where the message goes. Closing it (Cancel, or 3 s after sending) goes back to
 * the page it was opened from, or home when the address was typed.
 */
export default function ContactPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(true);
  // react-router's first entry of a visit has the key 'default': nothing of this app to go back to.
  const cameFromApp = location.key !== 'default';

  const close = () => {
    setOpen(false);
    if (cameFromApp) navigate(-1);
    else navigate('/', { replace: true });
  };

  return (
    <>
      <PageHeader title="Contact Us" subtitle="Questions or problems? Send a message to the support team." />
      <Card>
        <Typography.Paragraph style={{ margin: 0 }}>
          Your message goes to the Labline support team from your registered email address, so that they can answer you
          there.
        </Typography.Paragraph>
      </Card>
      <ContactDialog open={open} onClose={close} />
    </>
  );
}
