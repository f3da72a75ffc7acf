import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { PageLoader } from '../components/page-loader';
import { RequireAuth, PublicOnly } from './guards';
import { AuthLayout } from './layouts/auth-layout';

// SPEC §2: every page is lazy; protected routes share the common layout; any other path goes to /.
const MainLayout = lazy(() => import('./layouts/main-layout').then((m) => ({ default: m.MainLayout })));
const LoginPage = lazy(() => import('../features/auth/components/login-page'));
const RegisterPage = lazy(() => import('../features/auth/components/register-page'));
const RecoveryPage = lazy(() => import('../features/auth/components/recovery-page'));
const DashboardPage = lazy(() => import('../features/dashboard/dashboard-page'));
const CoursePage = lazy(() => import('../features/course/course-page'));
const ProfilePage = lazy(() => import('../features/profile/profile-page'));
const SocialPage = lazy(() => import('../features/social/social-page'));
const ChangePlanPage = lazy(() => import('../features/plans/change-plan-page'));
const GeneratorPage = lazy(() => import('../features/generator/generator-page'));
const HistoryPage = lazy(() => import('../features/payments/history-page'));
const MethodsPage = lazy(() => import('../features/payments/methods-page'));
const SuccessPage = lazy(() => import('../features/payments/success-page'));
const CancelPage = lazy(() => import('../features/payments/cancel-page'));
const BillingPage = lazy(() => import('../features/payments/billing-page'));
const DiplomadoNewPage = lazy(() => import('../features/diplomado/diplomado-new-page'));
const DiplomadoPage = lazy(() => import('../features/diplomado/diplomado-page'));
const CertificatePage = lazy(() => import('../features/certificates/certificate-page'));
const SharedPage = lazy(() => import('../features/sharing/shared-page'));
const ReviewPage = lazy(() => import('../features/review/review-page'));
const MaterialsPage = lazy(() => import('../features/materials/materials-page'));
const AulasPage = lazy(() => import('../features/aulas/aulas-page'));
const AulaJoinPage = lazy(() => import('../features/aulas/join-page'));
const AulaGroupPage = lazy(() => import('../features/aulas/group-page'));
const HelpPage = lazy(() => import('../features/support/help-page'));
const ContactPage = lazy(() => import('../features/support/contact-page'));
const TermsPage = lazy(() => import('../features/support/terms-page'));
const PrivacyPage = lazy(() => import('../features/support/privacy-page'));
const LtiEntryPage = lazy(() => import('../features/lti/entry-page'));
const LtiPickerPage = lazy(() => import('../features/lti/picker-page'));
const LtiPlatformsPage = lazy(() => import('../features/lti/platforms-page'));

export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoader site="Mentora" />}>
      <Routes>
        <Route element={<PublicOnly />}>
          <Route element={<AuthLayout />}>
            <Route index element={<LoginPage />} />
            <Route path="login" element={<LoginPage />} />
            <Route path="register" element={<RegisterPage />} />
            <Route path="recuperar" element={<RecoveryPage />} />
          </Route>
        </Route>
        <Route element={<RequireAuth />}>
          <Route element={<MainLayout />}>
            <Route path="dashboard" element={<DashboardPage />} />
            <Route path="course/:courseId" element={<CoursePage />} />
            <Route path="profile" element={<ProfilePage />} />
            <Route path="social" element={<SocialPage />} />
            <Route path="changeplan" element={<ChangePlanPage />} />
            <Route path="generar" element={<GeneratorPage />} />
            <Route path="diplomado/nuevo" element={<DiplomadoNewPage />} />
            <Route path="diplomado/:diplomadoId" element={<DiplomadoPage />} />
            <Route path="repaso" element={<ReviewPage />} />
            <Route path="materiales" element={<MaterialsPage />} />
            <Route path="aulas" element={<AulasPage />} />
            <Route path="aulas/:aulaId" element={<AulaGroupPage />} />
            <Route path="payments/history" element={<HistoryPage />} />
            <Route path="payments/methods" element={<MethodsPage />} />
            <Route path="payments/upgrade" element={<ChangePlanPage />} />
            <Route path="payments/success" element={<SuccessPage />} />
            <Route path="payments/cancel" element={<CancelPage />} />
            <Route path="profile/billing" element={<BillingPage />} />
            {/* Deep Linking's picker (docs/lti.md): the teacher's deep-linking launch signed them in on /lti/entrar. */}
            <Route path="lti/elegir" element={<LtiPickerPage />} />
            {/* A teacher's LMS registrations (docs/lti.md "Registering Mentora in Moodle and Canvas"), linked from "Mis aulas". */}
            <Route path="lti/plataformas" element={<LtiPlatformsPage />} />
          </Route>
        </Route>
        {/* Public, signed in or out, in the common layout: anyone checks a certificate (issue 15). */}
        <Route element={<MainLayout />}>
          <Route path="certificados/:certificateId" element={<CertificatePage />} />
          {/* Public too: a course its owner shared by link (issue 25, docs/sharing.md). */}
          <Route path="compartido/:shareId" element={<SharedPage />} />
          {/* Public too: an aula's invitation link asks a signed-out visitor to sign in and comes back (issue 25, docs/aulas.md). */}
          <Route path="aulas/unirse/:code" element={<AulaJoinPage />} />
          {/* An LMS launch's landing (docs/lti.md): signed in or not, it decides with the ticket. */}
          <Route path="lti/entrar" element={<LtiEntryPage />} />
          {/* Public too: help, contact, terms and privacy (issue 34). */}
          <Route path="ayuda" element={<HelpPage />} />
          <Route path="contacto" element={<ContactPage />} />
          <Route path="terminos" element={<TermsPage />} />
          <Route path="privacidad" element={<PrivacyPage />} />
        </Route>
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </Suspense>
  );
}
