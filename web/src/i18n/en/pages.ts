/** The public pages: home, FAQ, support, terms, privacy. */
export const pages = {
  home: {
    title: 'Free Property Fraud Alerts',
    intro:
      "DeedWatch watches your county recorder's Official Records Index and emails you when a document is recorded against your property or your name, so you can act on deed fraud before it costs you your home.",
    next: 'Next',
  },
  howItWorks: {
    title: 'How it Works',
    signUp: {
      title: 'Sign Up',
      text: 'Register your email and the properties (by APN or address) and owner names you want guarded in your county. Enrollment takes under 5 minutes and is free.',
    },
    monitor: {
      title: 'Monitor',
      text: "We continuously monitor the county recorder's Official Records Index for documents recorded after your subscription is activated.",
    },
    detect: {
      title: 'Detect and Alert',
      text: 'When a recorded document affects a guarded property or name, we email you an alert that includes the first 2 pages of the document.',
    },
    report: {
      title: 'Report Fraud',
      text: 'If a document looks fraudulent, follow the instructions in the alert email or contact the county recorder.',
    },
    remember: {
      title: 'Remember',
      text: 'Only documents recorded after activation, and only your registered items, are covered. Not every APN or name appears in the index, and common names may produce irrelevant alerts.',
    },
  },
  faq: {
    title: 'Frequently Asked Questions',
    enrolling: {
      question: 'How do I enroll?',
      answer:
        'Choose Sign Up, enter your email, and pick the names and properties you want guarded in your county. Enrollment takes under 5 minutes, the service is free, and each email can guard up to 10 names and 10 APNs.',
    },
    alerts: {
      question: 'When will I receive an alert?',
      answer:
        'We email you when a document recorded after your subscription is activated affects a guarded property (by APN or address) or a guarded name. Not all APNs and names appear in the index, and common first names or surnames may produce irrelevant alerts.',
    },
    documents: {
      question: 'Which documents does an alert include?',
      answer:
        'The alert email includes the first 2 pages of the recorded document, and you can download it from your dashboard.',
    },
    unsubscribing: {
      question: 'How do I unsubscribe from an item?',
      answer:
        'Log in, open your dashboard and remove the item from Items Being Guarded. You will no longer receive alerts for it.',
    },
    fraud: {
      question: 'What should I do if I suspect fraud?',
      answer:
        'Follow the instructions in the alert email, or contact the county recorder directly.',
    },
    trusts: {
      question: 'Can I guard a business or a trust?',
      answer:
        'Yes. Names can be personal, business or trust names; enter the name as it appears on recorded documents.',
    },
  },
  privacy: {
    title: 'Privacy Policy',
    intro: 'How DeedWatch handles your personal information.',
    ccpa: 'California residents have the rights the CCPA grants them.',
    children: 'The service is not directed to children under 13.',
    contact: 'You can contact us about privacy by email at <email>{{email}}</email>.',
    noSale: 'We do not sell your personal information.',
  },
  terms: {
    title: 'Terms of Use',
    intro: 'By using DeedWatch you agree to these terms.',
    arbitration: 'Disputes are settled by arbitration in Sacramento County, under California law.',
    notice: 'Notice of any claim must be given within 1 year.',
    passwords: 'Account passwords must not be shared.',
    prepaid: 'Orders are prepaid.',
  },
  support: {
    title: 'Support',
    intro: 'Questions about your alerts or the items you guard? We are glad to help.',
    callUs: 'Call Us',
    hours: 'Monday to Friday 8AM-5PM PST',
    emailUs: 'Email Us',
    emailHours: 'Our support team answers email on business days.',
  },
  notFound: {
    title: 'Page Not Found',
    text: 'There is no page at this address. The link may be old or mistyped.',
    home: 'Go to the Home Page',
  },
};
