import type { ShowcaseModule } from './types';

// Featured course "Historia de la antigua Roma" (intermedio), module 1: team-written, real length.

export const romaM1: ShowcaseModule = {
  titulo: 'De la República al Imperio',
  descripcion: 'Cómo se gobernaba Roma con magistrados elegidos y un Senado, y por qué ese sistema acabó en manos de un solo hombre.',
  objetivos: [
    'Explicar cómo se repartía el poder entre magistrados, Senado y asambleas en la República',
    'Analizar las causas que llevaron de la crisis de la República al principado de Augusto',
  ],
  terminosClave: ['cónsul', 'Senado', 'tribuno de la plebe', 'cursus honorum', 'principado', 'guerra civil'],
  conceptosErroneos: [
    'Creer que la República romana era una democracia en la que votaban todos por igual',
    'Pensar que Julio César fue el primer emperador',
    'Suponer que el Imperio empezó con una ruptura brusca y declarada',
  ],
  ejemploConductor: 'La carrera de un joven de familia acomodada que aspira a llegar a cónsul en el siglo I a. C.',
  lecciones: [
    {
      titulo: 'Las instituciones de la República',
      resumen: 'Magistrados anuales y colegiados, un Senado de antiguos magistrados y asambleas que votaban por grupos.',
      leccion: {
        objetivos: ['Describir las funciones de cónsules, pretores y tribunos', 'Explicar el peso real del Senado', 'Comparar el voto en las asambleas con el voto individual actual'],
        introduccion:
          'Tras expulsar al último rey, hacia el año 509 a. C. según la tradición, los romanos crearon un sistema pensado para que nadie volviera a concentrar el poder. Lo llamaron res publica, la cosa pública. Durante casi cinco siglos ese sistema conquistó Italia y luego el Mediterráneo. En esta lección verás sus piezas y, sobre todo, cómo encajaban, porque la clave no está en cada cargo sino en los frenos que se ponían unos a otros.',
        explicacion: [
          {
            subtitulo: 'Magistrados: poder por un año y compartido',
            texto:
              'Los magistrados eran los cargos que gobernaban. Dos principios los limitaban: la anualidad, porque el cargo duraba un solo año, y la colegialidad, porque cada cargo lo ocupaban al menos dos personas con el mismo poder. Cada colega podía vetar a otro, de modo que ninguno actuaba solo.\n\nLos dos cónsules eran los magistrados supremos: mandaban los ejércitos y presidían el Senado. Por debajo estaban los pretores, que se ocupaban sobre todo de la justicia, los ediles, que cuidaban de los mercados y los juegos, y los cuestores, que llevaban las cuentas. En una crisis grave se podía nombrar un dictador, con poder casi absoluto durante seis meses como máximo.',
          },
          {
            subtitulo: 'El cursus honorum',
            texto:
              'Los cargos se recorrían en un orden fijo llamado cursus honorum, la carrera de los honores. Un joven empezaba como cuestor, seguía como edil o pretor y solo al final podía aspirar al consulado. Había edades mínimas y años de espera entre un cargo y el siguiente.\n\nNinguno de estos cargos estaba pagado. Al contrario, hacer campaña costaba mucho dinero: había que ofrecer juegos, banquetes y favores. Por eso la política quedaba en manos de las familias ricas, aunque en teoría cualquier ciudadano podía presentarse.',
          },
          {
            subtitulo: 'El Senado: sin votos de ley, con todo el prestigio',
            texto:
              'El Senado reunía a unos trescientos hombres, casi todos antiguos magistrados, que ocupaban el puesto de por vida. Formalmente solo daba consejos, llamados senadoconsultos. En la práctica, un cónsul rara vez se atrevía a contradecirlo, porque el Senado controlaba el tesoro, la política exterior y el reparto de las provincias.\n\nSu fuerza venía de la auctoritas, un prestigio que no estaba escrito en ninguna ley. Los senadores habían gobernado antes y volverían a hacerlo, y sus familias se conocían y se casaban entre sí.',
          },
          {
            subtitulo: 'Las asambleas y los tribunos de la plebe',
            texto:
              'Los ciudadanos votaban leyes y elegían magistrados en asambleas, pero no cada uno con un voto igual. En los comicios centuriados se votaba por centurias, grupos según la riqueza, y las centurias de los más ricos votaban primero. A menudo la votación se decidía antes de que votaran los pobres.\n\nLa plebe, la mayoría de los ciudadanos sin linaje noble, logró tras largas luchas sus propios magistrados: los tribunos de la plebe. Un tribuno podía vetar cualquier decisión de otro magistrado y su persona era sagrada, de modo que agredirlo era un sacrilegio. Ese veto sería decisivo en la crisis final de la República.',
          },
        ],
        ejemploResuelto: {
          titulo: 'La campaña de Marco para el consulado',
          planteamiento:
            'Marco tiene treinta y nueve años, ha sido cuestor y pretor, y quiere presentarse a cónsul el año que viene. Su familia es rica pero ningún antepasado suyo fue cónsul. ¿Qué obstáculos encuentra y qué ventajas tiene?',
          desarrollo:
            '1. Recorrido: ha cumplido los cargos previos del cursus honorum, pero debe esperar a la edad mínima, unos cuarenta y dos años en el siglo I a. C.\n2. Dinero: necesita fondos para juegos y favores; si se endeuda, ganar el cargo será la manera de pagar, porque después gobernará una provincia.\n3. Apoyos: sin cónsules en su familia será un homo novus, un hombre nuevo, y los nobles le mirarán con recelo. Le conviene el apoyo de senadores con auctoritas.\n4. Votos: en los comicios centuriados pesan las centurias ricas, así que debe ganarse a los caballeros y grandes propietarios antes que a la multitud.\n\nConclusión: el sistema era abierto en teoría, pero el dinero y los apoyos de los nobles decidían casi todo.',
        },
        ejercicio: {
          enunciado:
            'Un cónsul propone repartir tierras públicas entre los ciudadanos pobres. El otro cónsul se opone, el Senado desconfía y un tribuno de la plebe la apoya. Explica qué herramientas tiene cada uno para sacar adelante o frenar la propuesta.',
          solucion:
            'El cónsul contrario puede vetar a su colega gracias a la colegialidad, y el Senado puede negarle fondos y presionar con su auctoritas. El tribuno puede llevar la ley a la asamblea de la plebe y vetar a los magistrados que la bloqueen; su inviolabilidad lo protege. Ningún actor tiene la última palabra: la propuesta depende de cuál de estos frenos se use y de si los demás respetan las reglas.',
        },
        autoevaluacion: [
          { pregunta: '¿Qué dos principios limitaban el poder de los magistrados?', respuesta: 'La anualidad, un año en el cargo, y la colegialidad, al menos dos colegas con veto mutuo.' },
          { pregunta: '¿Por qué el voto en los comicios centuriados no era igual para todos?', respuesta: 'Porque se votaba por grupos según la riqueza y los grupos ricos votaban primero.' },
          { pregunta: '¿De dónde venía el poder del Senado si no aprobaba leyes?', respuesta: 'De su auctoritas y del control del tesoro, la política exterior y las provincias.' },
        ],
        resumen: [
          'Los magistrados gobernaban un año y en colegio, con veto entre colegas.',
          'El cursus honorum fijaba el orden de los cargos, que no estaban pagados.',
          'El Senado solo aconsejaba, pero su auctoritas le daba un poder real.',
          'Las asambleas votaban por grupos y los tribunos de la plebe podían vetar a cualquier magistrado.',
        ],
      },
    },
    {
      titulo: 'La crisis de la República y el ascenso de Augusto',
      resumen: 'De los Gracos a Actium: ejércitos leales a su general, guerras civiles y un régimen nuevo con apariencia antigua.',
      leccion: {
        objetivos: ['Identificar las causas de la crisis de la República', 'Explicar el papel de los ejércitos personales', 'Analizar cómo Augusto disfrazó su poder'],
        introduccion:
          'En la lección anterior viste un sistema de frenos mutuos que funcionó durante siglos. Entre el año 133 a. C. y el 27 a. C. esos frenos dejaron de funcionar. No hubo un único golpe: hubo una cadena de conflictos en la que cada bando rompía una regla más. Aquí sigues esa cadena hasta llegar a Augusto, que fundó un régimen nuevo sin decir nunca que lo hacía.',
        explicacion: [
          {
            subtitulo: 'Un imperio que enriquecía a pocos',
            texto:
              'Las conquistas llenaron Italia de botín y de esclavos. Los grandes propietarios compraron tierras y las cultivaron con mano de obra esclava, mientras muchos pequeños campesinos, que pasaban años lejos sirviendo en las legiones, perdían sus granjas y acababan en Roma sin trabajo.\n\nEn el año 133 a. C. el tribuno Tiberio Graco propuso repartir tierras públicas entre esos campesinos. Cuando otro tribuno vetó la ley, Tiberio logró que la asamblea lo destituyera, algo sin precedentes. Poco después un grupo de senadores lo mató a golpes. Por primera vez la violencia decidía un conflicto político dentro de la ciudad.',
          },
          {
            subtitulo: 'Soldados que obedecen a su general',
            texto:
              'A finales del siglo II a. C. el cónsul Mario empezó a reclutar a ciudadanos sin propiedades, a los que el Estado armaba y pagaba. Estos soldados esperaban tierras al licenciarse, y quien podía dárselas no era el Senado sino su general.\n\nEl resultado fue un ejército más leal a su jefe que a la República. En el año 88 a. C. Sila marchó con sus legiones sobre Roma, algo que ningún romano había hecho. A partir de entonces, quien controlaba un ejército podía imponerse a las instituciones.',
          },
          {
            subtitulo: 'César: del triunvirato a la dictadura perpetua',
            texto:
              'En el año 60 a. C. Pompeyo, Craso y César pactaron en secreto para repartirse el poder, en lo que se llama el primer triunvirato. César conquistó la Galia y volvió con un ejército veterano. En el 49 a. C. cruzó el Rubicón, el río que marcaba el límite de su provincia, y empezó una guerra civil contra Pompeyo y el Senado.\n\nCésar ganó y se hizo nombrar dictador perpetuo, un cargo que contradecía la idea de una dictadura breve. Nunca se llamó emperador ni rey, pero muchos senadores vieron en él a un rey disfrazado. En los idus de marzo del 44 a. C. lo asesinaron en plena sesión del Senado.',
          },
          {
            subtitulo: 'Augusto y el principado',
            texto:
              'La muerte de César no salvó la República. Su heredero, Octavio, derrotó a sus rivales y en el 31 a. C. venció a Marco Antonio y Cleopatra en Actium. En el 27 a. C. anunció que devolvía el poder al Senado y al pueblo. El Senado, agradecido, le dio el nombre de Augusto y el gobierno de las provincias con más legiones.\n\nAugusto se presentó como princeps, el primero de los ciudadanos. Conservó las magistraturas, las elecciones y el Senado, pero reunió en su persona el poder de un tribuno y el mando de casi todo el ejército. Ese régimen se llama principado: una monarquía de hecho con la fachada de la República.',
          },
        ],
        ejemploResuelto: {
          titulo: 'La carrera de Marco, cincuenta años después',
          planteamiento:
            'El nieto de Marco quiere ser cónsul en el año 10 d. C., bajo Augusto. Sigue el mismo cursus honorum que su abuelo. ¿Qué ha cambiado en su camino hacia el cargo?',
          desarrollo:
            '1. Las formas siguen ahí: hay cuestores, pretores, cónsules y un Senado que se reúne.\n2. Pero la decisión real ha cambiado de lugar: Augusto recomienda a los candidatos y quien no tiene su favor casi no tiene opciones.\n3. El ejército ya no es un camino propio al poder, porque las legiones juran lealtad al princeps.\n4. A cambio, la carrera es más segura: no hay guerras civiles y el cargo ya no exige arruinarse comprando votos.\n\nConclusión: el nieto vive en un sistema con los mismos nombres que el de su abuelo, pero con un centro de poder nuevo.',
        },
        ejercicio: {
          enunciado:
            'Ordena estos hechos y explica qué regla de la República rompe cada uno: la marcha de Sila sobre Roma, la destitución de un tribuno por Tiberio Graco, la dictadura perpetua de César.',
          solucion:
            'El orden es Tiberio Graco (133 a. C.), Sila (88 a. C.) y César (44 a. C.). La destitución del tribuno rompe la inviolabilidad de su veto; la marcha de Sila rompe la prohibición de entrar armado en la ciudad y usa el ejército contra las instituciones; la dictadura perpetua rompe la regla de que la dictadura dure solo unos meses.',
        },
        autoevaluacion: [
          { pregunta: '¿Por qué los soldados de Mario eran más leales a su general que al Senado?', respuesta: 'Porque esperaban de él las tierras que recibirían al licenciarse.' },
          { pregunta: '¿Qué poderes reunió Augusto aunque conservara las magistraturas?', respuesta: 'El poder de un tribuno y el mando de casi todas las legiones.' },
        ],
        resumen: [
          'Las conquistas enriquecieron a pocos y arruinaron a muchos campesinos.',
          'La violencia política empezó con los Gracos y los ejércitos personales con Mario y Sila.',
          'César fue dictador perpetuo, no emperador, y murió asesinado en el 44 a. C.',
          'Augusto creó el principado: poder de un solo hombre con formas republicanas.',
        ],
      },
    },
  ],
  preguntas: [
    [0, 'la anualidad, porque el cargo duraba un solo año', '¿Cuánto duraba el mandato de un magistrado republicano?', ['Un solo año', 'Cinco años renovables', 'Toda la vida', 'Lo que decidiera el Senado'], ['Correcto: es el principio de anualidad.', 'Confunde la República con sistemas modernos de mandatos largos.', 'De por vida eran los senadores, no los magistrados.', 'El Senado no fijaba la duración de cada cargo.']],
    [0, 'la colegialidad, porque cada cargo lo ocupaban al menos dos personas con el mismo poder', '¿Qué significaba la colegialidad de las magistraturas?', ['Que al menos dos colegas compartían el cargo con igual poder', 'Que el cargo se elegía en un colegio de sacerdotes', 'Que los magistrados estudiaban en una escuela común', 'Que cada cargo tenía un jefe principal y varios ayudantes a sus órdenes'], ['Correcto: dos o más colegas con el mismo poder y veto mutuo.', 'Confunde el término con los colegios religiosos.', 'El nombre no tiene que ver con la educación.', 'No había jerarquía entre colegas: tenían el mismo poder.']],
    [0, 'Cada colega podía vetar a otro, de modo que ninguno actuaba solo.', '¿Qué podía hacer un cónsul ante una decisión de su colega?', ['Vetarla sin más trámite', 'Apelar al rey sin más trámite', 'Destituirlo de inmediato', 'Nada hasta que acabara el año'], ['Correcto: la colegialidad daba veto entre colegas.', 'No había rey desde el año 509 a. C.', 'Un cónsul no podía destituir a otro.', 'Podía actuar al momento con su veto.']],
    [0, 'Los dos cónsules eran los magistrados supremos: mandaban los ejércitos y presidían el Senado.', '¿Qué funciones tenían los cónsules?', ['Mandar los ejércitos y presidir el Senado', 'Presidir los tribunales y juzgar los pleitos', 'Organizar los mercados y los juegos', 'Llevar las cuentas del tesoro público y los impuestos'], ['Correcto: eran los magistrados supremos.', 'Esa era la tarea principal de los pretores.', 'Esa era la tarea de los ediles.', 'Esa era la tarea de los cuestores.']],
    [0, 'los pretores, que se ocupaban sobre todo de la justicia', '¿De qué se ocupaban sobre todo los pretores?', ['De la justicia y los juicios', 'De la flota de guerra', 'De los templos y los sacerdotes', 'Del censo de ciudadanos y sus bienes'], ['Correcto: administraban justicia.', 'La flota la mandaban los generales con mando militar.', 'Los cultos correspondían a los colegios sacerdotales.', 'El censo lo hacían otros magistrados, los censores.']],
    [0, 'En una crisis grave se podía nombrar un dictador, con poder casi absoluto durante seis meses como máximo.', '¿Cuánto podía durar como máximo la dictadura republicana?', ['Seis meses', 'Diez años', 'Mientras viviera el dictador', 'Hasta que el pueblo lo destituyera'], ['Correcto: era un recurso breve para crisis graves.', 'Diez años contradiría la idea de un recurso de emergencia.', 'Una dictadura vitalicia fue justo la ruptura de César.', 'Su límite era un plazo fijo, no una destitución popular.']],
    [0, 'Los cargos se recorrían en un orden fijo llamado cursus honorum, la carrera de los honores.', '¿Qué era el cursus honorum?', ['El orden fijo en que se recorrían los cargos', 'Un premio que daba el Senado a los generales victoriosos', 'Una carrera de carros en el circo', 'El juramento de lealtad de los soldados'], ['Correcto: la carrera de los honores, cargo tras cargo.', 'Los generales recibían el triunfo, no el cursus honorum.', 'El nombre engaña: no es una competición deportiva.', 'El juramento militar es otra cosa, el sacramentum.']],
    [0, 'Ninguno de estos cargos estaba pagado.', '¿Cobraban un sueldo los magistrados de la República?', ['No, ningún cargo estaba pagado', 'Sí, un sueldo fijado por el Senado', 'Sí, una parte de los impuestos', 'Solo los cónsules, por su rango'], ['Correcto: por eso la política quedaba en manos de los ricos.', 'Es el concepto erróneo de imaginar un cargo público moderno.', 'No cobraban impuestos como salario.', 'Ningún cargo estaba pagado, tampoco el consulado.']],
    [0, 'El Senado reunía a unos trescientos hombres, casi todos antiguos magistrados, que ocupaban el puesto de por vida.', '¿Quiénes formaban el Senado?', ['Antiguos magistrados, de por vida', 'Representantes elegidos por el pueblo cada año', 'Los soldados veteranos', 'Un ciudadano por cada tribu'], ['Correcto: unos trescientos antiguos magistrados vitalicios.', 'Confunde el Senado con un parlamento elegido.', 'Los veteranos recibían tierras, no un asiento.', 'Las tribus eran unidades de voto en las asambleas.']],
    [0, 'Su fuerza venía de la auctoritas, un prestigio que no estaba escrito en ninguna ley.', '¿En qué se basaba el poder real del Senado?', ['En su prestigio o auctoritas', 'En un veto escrito en la ley', 'En el mando directo de las legiones', 'En el voto de todos los ciudadanos'], ['Correcto: prestigio y control del tesoro y las provincias.', 'Formalmente solo daba consejos; no tenía un veto legal.', 'Las legiones las mandaban los magistrados.', 'Los senadores no eran elegidos por votación directa.']],
    [0, 'En los comicios centuriados se votaba por centurias, grupos según la riqueza, y las centurias de los más ricos votaban primero.', '¿Cómo se votaba en los comicios centuriados?', ['Por grupos según la riqueza, los ricos primero', 'Cada ciudadano con un voto igual al de los demás', 'Por grupos de vecinos, los más cercanos primero', 'Solo votaban los senadores'], ['Correcto: por eso a menudo no llegaban a votar los pobres.', 'Es el error de ver la República como una democracia moderna.', 'Los grupos eran de riqueza, no de vecindad.', 'Votaban los ciudadanos, agrupados por riqueza.']],
    [0, 'Un tribuno podía vetar cualquier decisión de otro magistrado y su persona era sagrada', '¿Qué poder tenía un tribuno de la plebe?', ['Vetar decisiones de otros magistrados', 'Mandar una legión en campaña', 'Nombrar a los senadores de por vida', 'Declarar la guerra sin consultar a nadie'], ['Correcto: su veto y su inviolabilidad lo hacían decisivo.', 'No tenía mando militar.', 'No nombraba senadores.', 'La guerra la votaban las asambleas.']],
    [1, 'Los grandes propietarios compraron tierras y las cultivaron con mano de obra esclava', '¿Qué hicieron los grandes propietarios con la riqueza de las conquistas?', ['Comprar tierras y cultivarlas con esclavos', 'Repartirla entre los soldados pobres que volvían de campaña', 'Comprar esclavos para venderlos en Oriente', 'Entregarla íntegra al tesoro público'], ['Correcto: de ahí la ruina de muchos pequeños campesinos.', 'Repartir tierras fue la propuesta de Graco, a la que se opusieron.', 'Los esclavos se compraban para trabajar las tierras de Italia.', 'El botín enriqueció sobre todo a particulares.']],
    [1, 'En el año 133 a. C. el tribuno Tiberio Graco propuso repartir tierras públicas entre esos campesinos.', '¿Qué propuso Tiberio Graco en el año 133 a. C.?', ['Repartir tierras públicas entre campesinos pobres', 'Repartir los cargos entre los pobres', 'Nombrarse rey de Roma', 'Conceder la ciudadanía romana a todos los esclavos de Italia'], ['Correcto: una reforma agraria.', 'No propuso repartir cargos, sino tierras.', 'Esa acusación la usaron sus enemigos, pero no fue su propuesta.', 'No propuso liberar ni hacer ciudadanos a los esclavos.']],
    [1, 'Poco después un grupo de senadores lo mató a golpes.', '¿Por qué el final de Tiberio Graco marca un cambio?', ['La violencia empezó a decidir la política', 'Fue el primer cónsul elegido por la plebe', 'Con él terminó la conquista de Italia', 'Su muerte devolvió la paz durante un siglo'], ['Correcto: por primera vez la violencia decidió un conflicto en la ciudad.', 'Graco fue tribuno, no cónsul.', 'La conquista de Italia había terminado antes.', 'Vino justo lo contrario: un siglo de conflictos.']],
    [1, 'A finales del siglo II a. C. el cónsul Mario empezó a reclutar a ciudadanos sin propiedades, a los que el Estado armaba y pagaba.', '¿Qué cambió Mario en el reclutamiento?', ['Alistó a ciudadanos sin propiedades', 'Prohibió que los ricos sirvieran', 'Sustituyó las legiones por mercenarios extranjeros', 'Redujo el servicio militar a un mes'], ['Correcto: soldados que dependían de su general para conseguir tierras.', 'Los ricos siguieron sirviendo como oficiales.', 'Las legiones siguieron siendo de ciudadanos.', 'El servicio siguió durando años.']],
    [1, 'En el año 88 a. C. Sila marchó con sus legiones sobre Roma, algo que ningún romano había hecho.', '¿Qué hizo Sila en el año 88 a. C. que nadie había hecho?', ['Marchar con sus legiones sobre Roma', 'Cruzar el Rubicón', 'Vencer a las legiones de Cleopatra en Actium', 'Proclamarse emperador ante el Senado y el pueblo'], ['Correcto: usó el ejército contra la propia ciudad.', 'El Rubicón lo cruzó César en el 49 a. C.', 'Actium fue la victoria de Octavio en el 31 a. C.', 'Ningún romano de la época se llamó emperador así.']],
    [1, 'Pompeyo, Craso y César pactaron en secreto para repartirse el poder', '¿Qué fue el primer triunvirato?', ['Un pacto secreto entre Pompeyo, Craso y César', 'Una magistratura oficial de tres cónsules elegidos a la vez', 'Una victoria de César y Pompeyo sobre la Galia', 'Un tribunal de tres jueces'], ['Correcto: un acuerdo privado, no un cargo.', 'No era una magistratura legal.', 'La Galia la conquistó César después.', 'No era un tribunal.']],
    [1, 'En el 49 a. C. cruzó el Rubicón, el río que marcaba el límite de su provincia', '¿Por qué fue grave que César cruzara el Rubicón?', ['Entraba armado en Italia fuera de su provincia', 'Era un río sagrado que ningún general podía tocar sin permiso', 'Allí empezaba el territorio de los galos', 'Cruzarlo lo convertía en rey'], ['Correcto: era empezar una guerra civil.', 'El problema era legal y militar, no religioso.', 'La Galia ya la había conquistado.', 'Cruzarlo no daba ningún título.']],
    [1, 'César ganó y se hizo nombrar dictador perpetuo', '¿Qué cargo tenía Julio César al morir?', ['Dictador perpetuo', 'Emperador', 'Rey de Roma', 'Tribuno de la plebe'], ['Correcto: una dictadura sin plazo.', 'Es el error común: nunca se llamó emperador.', 'Evitó ese título, aunque muchos temían que lo quisiera.', 'No era tribuno.']],
    [1, 'En el 27 a. C. anunció que devolvía el poder al Senado y al pueblo.', '¿Qué anunció Octavio en el año 27 a. C.?', ['Que devolvía el poder al Senado y al pueblo', 'Que se proclamaba rey de Roma', 'Que quitaba el poder al Senado', 'Que renunciaba para siempre al mando de todas las legiones'], ['Correcto: un gesto republicano que reforzó su poder.', 'Nunca usó el título de rey.', 'Al contrario: dijo devolvérselo.', 'Recibió las provincias con más legiones.']],
    [1, 'Ese régimen se llama principado: una monarquía de hecho con la fachada de la República.', '¿Qué define al principado de Augusto?', ['Poder de uno con formas republicanas', 'Una República restaurada tal como era, sin ningún cambio', 'Una monarquía declarada con corona', 'Un gobierno de tres hombres'], ['Correcto: monarquía de hecho, fachada republicana.', 'Las formas seguían, pero el poder real había cambiado.', 'Augusto evitó cualquier título de rey.', 'Eso fueron los triunviratos.']],
  ],
};
