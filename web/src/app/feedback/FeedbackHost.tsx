import { Modal, message } from 'antd';
import { useEffect } from 'react';
import { registerFeedbackHost } from './feedback';

/** Renders antd's message and modal holders inside the theme and lends their functions to useFeedback(). */
export default function FeedbackHost() {
  const [messageApi, messageHolder] = message.useMessage();
  const [modalApi, modalHolder] = Modal.useModal();
  useEffect(() => registerFeedbackHost({ message: messageApi, modal: modalApi }), [messageApi, modalApi]);
  return (
    <>
      {messageHolder}
      {modalHolder}
    </>
  );
}
