import type { ShowcaseModule } from './types';

// Featured course "Historia de la antigua Roma" (intermedio), module 2: team-written, real length.

export const romaM2: ShowcaseModule = {
  titulo: 'La vida en el Imperio',
  descripcion: 'Cómo mantenía Roma unido un territorio inmenso y quién tenía derechos dentro de él.',
  objetivos: [
    'Explicar cómo las ciudades, las calzadas y el ejército sostenían el Imperio',
    'Comparar la situación jurídica de ciudadanos, extranjeros libres y esclavos',
  ],
  terminosClave: ['calzada', 'legión', 'limes', 'municipio', 'ciudadanía', 'liberto'],
  conceptosErroneos: [
    'Creer que el Imperio se sostenía solo por la fuerza de las armas',
    'Pensar que todos los habitantes del Imperio eran ciudadanos romanos',
    'Suponer que un esclavo liberado seguía siendo esclavo toda su vida',
  ],
  ejemploConductor: 'Un comerciante de aceite de la Bética que envía su mercancía a Roma en el siglo II d. C.',
  lecciones: [
    {
      titulo: 'Ciudades, calzadas y legiones',
      resumen: 'Una red de ciudades que se gobernaban solas, unidas por calzadas y protegidas por un ejército en la frontera.',
      leccion: {
        objetivos: ['Explicar el papel de las ciudades en el gobierno de las provincias', 'Describir la función de las calzadas', 'Situar al ejército en el limes y no en el interior'],
        introduccion:
          'En el módulo anterior viste cómo Augusto concentró el poder en Roma. Pero el Imperio que heredaron sus sucesores iba de Britania a Egipto y tenía quizá sesenta millones de habitantes. Ningún emperador podía gobernar eso desde un despacho. En esta lección verás las tres piezas que lo hacían posible: ciudades con gobierno propio, una red de calzadas y un ejército profesional en las fronteras.',
        explicacion: [
          {
            subtitulo: 'Un imperio de ciudades',
            texto:
              'Roma apenas tenía funcionarios: un gobernador por provincia con un pequeño equipo. El trabajo diario lo hacían las ciudades. Cada municipio tenía su consejo de notables, la curia, y sus magistrados elegidos cada año, a imagen de Roma. Ellos cobraban los impuestos, mantenían las calles y organizaban las fiestas.\n\nA cambio, las élites locales ganaban prestigio y, con el tiempo, la ciudadanía romana. Por eso competían en levantar foros, termas y teatros. El modelo se copió en todas partes: un viajero reconocía la misma plaza, el mismo templo y los mismos baños en Hispania y en Siria.',
          },
          {
            subtitulo: 'Las calzadas: algo más que caminos',
            texto:
              'Las calzadas eran vías pavimentadas, con capas de piedra y grava y un drenaje a los lados. Unían las ciudades con Roma y entre sí, en una red de más de ochenta mil kilómetros. Cada milla tenía su piedra miliaria con la distancia y el nombre del emperador que había pagado la obra.\n\nSe construyeron ante todo para mover tropas y correos oficiales. Un mensajero del servicio imperial podía recorrer unos setenta kilómetros al día cambiando de caballo en las postas. Pero las usaban también los comerciantes, los peregrinos y los recaudadores. Para mercancías pesadas, sin embargo, el barco seguía siendo mucho más barato que el carro.',
          },
          {
            subtitulo: 'El ejército en la frontera',
            texto:
              'Desde Augusto el ejército fue profesional: unos veinticinco años de servicio y un sueldo fijo. Las legiones, de unos cinco mil ciudadanos cada una, se repartían por las fronteras, junto a tropas auxiliares reclutadas entre los provinciales, que recibían la ciudadanía al licenciarse.\n\nLa frontera fortificada se llamaba limes: una línea de campamentos, torres y a veces muros, como el de Adriano en Britania. El interior de las provincias casi no veía soldados. Los campamentos atraían mercados y familias, y muchos acabaron convertidos en ciudades; León, en Hispania, nació así.\n\nEl ejército era también el mayor gasto del Estado. Pagar a unos trescientos mil soldados consumía buena parte de los impuestos, y por eso los emperadores vigilaban de cerca a las ciudades que los recaudaban. La paz del interior y el dinero de las provincias dependían el uno del otro.',
          },
        ],
        ejemploResuelto: {
          titulo: 'El aceite de Lucio llega a Roma',
          planteamiento:
            'Lucio produce aceite cerca de Córdoba, en la Bética, y quiere venderlo en Roma. ¿Qué pasos sigue su mercancía y qué piezas del Imperio intervienen en cada uno?',
          desarrollo:
            '1. Lucio envasa el aceite en ánforas con su sello y lo lleva en barcas por el río Guadalquivir hasta Hispalis, hoy Sevilla.\n2. Allí paga un impuesto de aduana que recauda la administración con ayuda de la ciudad.\n3. Un barco mercante cruza el Mediterráneo hasta Ostia, el puerto de Roma: por mar el transporte es mucho más barato que por calzada.\n4. Si surge un problema con un pago, Lucio puede escribir a su socio en Roma por el correo que viaja por las calzadas.\n\nConclusión: ciudades, vías y paz en el mar formaban un solo sistema. Las ánforas vacías se tiraban en Roma y hoy forman una colina entera, el monte Testaccio.',
        },
        ejercicio: {
          enunciado:
            'Un gobernador recibe la noticia de una revuelta en una ciudad del interior de su provincia. Explica por qué no tiene tropas a mano y qué tendrá que hacer para sofocarla.',
          solucion:
            'Las legiones están en el limes, lejos del interior, porque el peligro se esperaba en las fronteras. El gobernador tendrá que pedir tropas a la frontera, que llegarán por las calzadas en días o semanas, y mientras tanto apoyarse en las élites de las ciudades vecinas, que tienen interés en mantener el orden.',
        },
        autoevaluacion: [
          { pregunta: '¿Quién cobraba los impuestos en la mayor parte del Imperio?', respuesta: 'Las propias ciudades, a través de sus magistrados y su curia.' },
          { pregunta: '¿Para qué se construyeron ante todo las calzadas?', respuesta: 'Para mover tropas y correos oficiales, aunque luego sirvieran a todos.' },
        ],
        resumen: [
          'El Imperio se gobernaba a través de ciudades con curia y magistrados propios.',
          'Las calzadas unían la red con fines militares y administrativos.',
          'Las mercancías pesadas viajaban mejor por mar que por tierra.',
          'El ejército profesional vigilaba el limes y casi no pisaba el interior.',
        ],
      },
    },
    {
      titulo: 'Ciudadanos, extranjeros y esclavos',
      resumen: 'Quién tenía derechos en el Imperio, cómo se conseguía la ciudadanía y qué significaba ser esclavo o liberto.',
      leccion: {
        objetivos: ['Distinguir ciudadanos, peregrinos y esclavos', 'Explicar las vías para obtener la ciudadanía', 'Describir la situación de los libertos'],
        introduccion:
          'La lección anterior mostró cómo se mantenía unido el territorio. Esta se pregunta por las personas que vivían en él, que no eran iguales ante la ley. Ser ciudadano romano, ser un hombre libre de otra ciudad o ser esclavo cambiaba lo que podías hacer, cómo te juzgaban y qué podías dejar a tus hijos.',
        explicacion: [
          {
            subtitulo: 'Tres situaciones jurídicas',
            texto:
              'Los ciudadanos romanos tenían los derechos más amplios: casarse con validez legal, hacer testamento y firmar contratos según el derecho romano, y apelar al emperador en un juicio. Los peregrinos eran personas libres que no tenían la ciudadanía; seguían las leyes de su propia ciudad y no podían alistarse en las legiones.\n\nPor debajo estaban los esclavos, que jurídicamente eran una propiedad de su dueño. No podían casarse legalmente ni tener bienes propios, aunque en la práctica muchos manejaban un pequeño peculio, un dinero que el amo les dejaba administrar.',
          },
          {
            subtitulo: 'Cómo se llegaba a ser ciudadano',
            texto:
              'La ciudadanía se heredaba de padres ciudadanos, pero también se ganaba. Los soldados auxiliares la recibían tras su servicio, grabada en un diploma de bronce. Los magistrados de muchas ciudades de provincias la obtenían por haber ejercido el cargo. Y el emperador podía concederla a una persona o a una comunidad entera.\n\nEl paso definitivo llegó en el año 212 d. C., cuando el emperador Caracalla extendió la ciudadanía a casi todos los hombres libres del Imperio. Sus motivos se discuten; uno de ellos pudo ser que los ciudadanos pagaban impuestos sobre las herencias.',
          },
          {
            subtitulo: 'Esclavos y libertos',
            texto:
              'La esclavitud estaba en todas partes: en las minas y los grandes campos, pero también en las casas, los talleres y la administración. Un esclavo de una mina vivía poco y mal; el secretario de una familia rica podía vivir mejor que muchos campesinos libres.\n\nEra frecuente la manumisión, es decir, la liberación por el dueño. El esclavo liberado se convertía en liberto: era libre y, si su amo era ciudadano, también ciudadano, aunque no podía ocupar magistraturas y seguía debiendo respeto y servicios a su antiguo dueño. Sus hijos ya nacían libres sin ninguna limitación. Algunos libertos llegaron a ser muy ricos y poderosos.\n\nEn muchas ciudades los libertos ricos formaban una asociación propia, los augustales, dedicada al culto del emperador. Así ganaban un lugar visible en la vida pública que la ley les negaba en las magistraturas, y pagaban fiestas y edificios como hacían los notables.',
          },
        ],
        ejemploResuelto: {
          titulo: 'Tres hombres en el puerto de Hispalis',
          planteamiento:
            'En el muelle coinciden Lucio, ciudadano romano; Abdón, comerciante libre de una ciudad fenicia de la costa sin ciudadanía; y Felix, el esclavo que lleva las cuentas de Lucio. Es el año 150 d. C. ¿Qué puede hacer cada uno si surge un pleito por un cargamento?',
          desarrollo:
            '1. Lucio puede firmar contratos por el derecho romano y, si el caso es grave, apelar al emperador.\n2. Abdón es libre, pero como peregrino se rige por las leyes de su ciudad; en un conflicto con un romano decide el gobernador.\n3. Felix no puede pleitear en su nombre: jurídicamente es propiedad de Lucio, aunque maneje su peculio y sea quien conoce las cuentas.\n4. Si Lucio lo libera, Felix será liberto y ciudadano; sus hijos nacerán ya sin ninguna marca de esclavitud.\n\nSesenta años después, con el edicto de Caracalla, Abdón o sus hijos serían también ciudadanos.',
        },
        ejercicio: {
          enunciado:
            'Un auxiliar galo se licencia en el año 120 d. C. tras veinticinco años de servicio. Explica qué documento recibe, qué cambia para él y qué cambia para sus hijos.',
          solucion:
            'Recibe un diploma de bronce que acredita que se le concede la ciudadanía romana. Desde ese momento puede casarse con validez legal según el derecho romano, hacer testamento como romano y apelar al emperador. Sus hijos nacidos de ese matrimonio serán ciudadanos por herencia y podrán, por ejemplo, alistarse en una legión.',
        },
        autoevaluacion: [
          { pregunta: '¿Qué diferencia a un peregrino de un esclavo?', respuesta: 'El peregrino es libre y sigue las leyes de su ciudad; el esclavo es propiedad de su dueño.' },
          { pregunta: '¿Qué hizo Caracalla en el año 212 d. C.?', respuesta: 'Extender la ciudadanía a casi todos los hombres libres del Imperio.' },
        ],
        resumen: [
          'Ciudadanos, peregrinos y esclavos tenían derechos muy distintos.',
          'La ciudadanía se heredaba o se ganaba por servicio, por cargo o por concesión del emperador.',
          'En el año 212 d. C. Caracalla la extendió a casi todos los libres.',
          'El liberto era libre con límites, y sus hijos nacían plenamente libres.',
        ],
      },
    },
  ],
  preguntas: [
    [0, 'Roma apenas tenía funcionarios: un gobernador por provincia con un pequeño equipo.', '¿Cuántos funcionarios enviaba Roma a gobernar cada provincia?', ['Un gobernador con un pequeño equipo', 'Varios miles de administradores pagados', 'Una legión entera de funcionarios civiles', 'Ninguno'], ['Correcto: el trabajo diario lo hacían las ciudades.', 'Es el error de imaginar un Estado moderno con muchos funcionarios.', 'Las legiones eran soldados, no administradores.', 'Las provincias dependían de Roma y tenían gobernador.']],
    [0, 'Cada municipio tenía su consejo de notables, la curia, y sus magistrados elegidos cada año, a imagen de Roma.', '¿Cómo se gobernaba un municipio del Imperio?', ['Con una curia y magistrados anuales', 'Con un rey local hereditario y sus nobles', 'Con un centurión nombrado por la legión', 'Con un sacerdote designado en Roma'], ['Correcto: a imagen de la propia Roma.', 'No había reyes en los municipios romanos.', 'Los soldados estaban en la frontera, no en los municipios.', 'Los sacerdotes no gobernaban las ciudades.']],
    [0, 'Ellos cobraban los impuestos, mantenían las calles y organizaban las fiestas.', '¿Quién cobraba los impuestos en la mayoría de las ciudades?', ['Los magistrados locales', 'Los soldados', 'El propio emperador en sus viajes', 'Unos bancos privados de Roma'], ['Correcto: las ciudades hacían el trabajo diario.', 'El ejército estaba en la frontera.', 'El emperador no recaudaba en persona.', 'No existían bancos que hicieran esa tarea.']],
    [0, 'A cambio, las élites locales ganaban prestigio y, con el tiempo, la ciudadanía romana.', '¿Qué ganaban las élites locales al gobernar sus ciudades?', ['Prestigio y, con el tiempo, la ciudadanía', 'Un sueldo alto pagado desde Roma cada año', 'El derecho a no pagar ningún impuesto', 'Un puesto seguro en el Senado de Roma'], ['Correcto: por eso competían en construir obras públicas.', 'Los cargos locales, como los de Roma, no estaban pagados.', 'Seguían pagando impuestos.', 'Solo unos pocos llegaban al Senado.']],
    [0, 'un viajero reconocía la misma plaza, el mismo templo y los mismos baños en Hispania y en Siria', '¿Qué encontraba un viajero en ciudades tan lejanas como Hispania y Siria?', ['El mismo modelo de foro, templo y termas', 'Ciudades sin rasgos en común entre sí', 'Solo campamentos militares con muros', 'Las mismas lenguas y las mismas costumbres locales'], ['Correcto: el modelo urbano se copiaba en todas partes.', 'Precisamente compartían un modelo.', 'Los campamentos estaban en el limes.', 'Las lenguas y costumbres locales seguían siendo muy variadas.']],
    [0, 'Las calzadas eran vías pavimentadas, con capas de piedra y grava y un drenaje a los lados.', '¿Cómo estaba construida una calzada romana?', ['Con capas de piedra, grava y drenaje', 'Con tierra apisonada y sin ningún drenaje', 'Con tablones sobre el barro', 'Con ladrillos cocidos pegados con cal'], ['Correcto: capas y drenaje la hacían durar.', 'Es la idea de un camino cualquiera; la calzada era una obra pública.', 'La madera se usaba en puentes, no como firme.', 'El firme era de piedra y grava.']],
    [0, 'Cada milla tenía su piedra miliaria con la distancia y el nombre del emperador que había pagado la obra.', '¿Qué indicaba una piedra miliaria?', ['La distancia y el emperador de la obra', 'El límite de la ciudadanía romana', 'Una tumba de un soldado caído', 'El precio del peaje que se cobraba en la calzada'], ['Correcto: marcaba cada milla.', 'No marcaba límites jurídicos.', 'Las tumbas eran otros monumentos.', 'No indicaba peajes.']],
    [0, 'Se construyeron ante todo para mover tropas y correos oficiales.', '¿Para qué se construyeron ante todo las calzadas?', ['Para mover tropas y correos', 'Para el comercio de lujo', 'Para los peregrinos de los templos', 'Para las carreras de carros de los juegos'], ['Correcto: luego las usaron todos.', 'El comercio pesado iba mejor por mar.', 'Los peregrinos las usaban, pero no fueron su fin.', 'Las carreras eran en el circo.']],
    [0, 'Para mercancías pesadas, sin embargo, el barco seguía siendo mucho más barato que el carro.', '¿Cuál era el medio más barato para mercancías pesadas?', ['El barco', 'El carro por la calzada', 'La mula', 'Los esclavos que las cargaban a pie'], ['Correcto: por mar costaba mucho menos.', 'Es el error de pensar que la calzada servía para todo.', 'Las mulas cargaban poco y eran lentas.', 'Nadie movía cargas pesadas así a larga distancia.']],
    [0, 'Desde Augusto el ejército fue profesional: unos veinticinco años de servicio y un sueldo fijo.', '¿Cómo era el servicio en el ejército imperial desde Augusto?', ['Profesional, de unos veinticinco años', 'De un verano por cada campaña', 'Voluntario y sin sueldo', 'Obligatorio para todos los esclavos del Imperio'], ['Correcto: un ejército permanente con sueldo.', 'Eso recuerda a las milicias antiguas, no al ejército imperial.', 'Cobraban un sueldo fijo.', 'Los esclavos no servían en las legiones.']],
    [0, 'La frontera fortificada se llamaba limes', '¿Qué era el limes?', ['La frontera fortificada del Imperio', 'El foro central de cada municipio', 'Un impuesto sobre el aceite', 'El cargo del gobernador de cada provincia romana'], ['Correcto: campamentos, torres y muros.', 'El foro era la plaza de la ciudad.', 'No era un impuesto.', 'El gobernador no se llamaba así.']],
    [0, 'El interior de las provincias casi no veía soldados.', '¿Dónde estaban la mayoría de las legiones?', ['En la frontera', 'En cada ciudad del interior', 'En Roma, junto al emperador', 'En el mar'], ['Correcto: el interior casi no veía soldados.', 'Es el error de pensar que el Imperio se sostenía por la ocupación militar.', 'En Roma había una guardia, no las legiones.', 'No viajaban en barcos mercantes.']],
    [1, 'Los peregrinos eran personas libres que no tenían la ciudadanía', '¿Quiénes eran los peregrinos en el Imperio?', ['Personas libres sin ciudadanía romana', 'Viajeros que iban a rezar a un santuario lejano', 'Esclavos liberados por su dueño', 'Soldados de las tropas auxiliares'], ['Correcto: seguían las leyes de su ciudad.', 'Es el sentido actual de la palabra, no el jurídico romano.', 'Esos son los libertos.', 'Los auxiliares podían ser peregrinos, pero la palabra no los define.']],
    [1, 'seguían las leyes de su propia ciudad y no podían alistarse en las legiones', '¿Podía un peregrino alistarse en una legión?', ['No, solo en tropas auxiliares', 'Sí, igual que un ciudadano', 'Sí, si pagaba una tasa al gobernador', 'Solo si hablaba latín con soltura'], ['Correcto: las legiones eran de ciudadanos.', 'Las legiones estaban reservadas a ciudadanos.', 'No existía esa tasa.', 'La lengua no era la condición.']],
    [1, 'Por debajo estaban los esclavos, que jurídicamente eran una propiedad de su dueño.', '¿Qué eran los esclavos desde el punto de vista jurídico?', ['Una propiedad de su dueño', 'Ciudadanos con menos derechos', 'Peregrinos', 'Trabajadores libres con contrato'], ['Correcto: no podían casarse legalmente ni tener bienes propios.', 'No eran ciudadanos de ninguna clase.', 'Los peregrinos eran libres.', 'No tenían contrato ni libertad.']],
    [1, 'un dinero que el amo les dejaba administrar', '¿Qué era el peculio de un esclavo?', ['Dinero que el amo le dejaba manejar', 'Un castigo por desobedecer', 'El precio de su venta en el mercado', 'Un documento de libertad'], ['Correcto: legalmente seguía siendo del amo.', 'No era un castigo.', 'El precio es otra cosa.', 'La liberación se llamaba manumisión.']],
    [1, 'Los soldados auxiliares la recibían tras su servicio, grabada en un diploma de bronce.', '¿Cómo recibía la ciudadanía un soldado auxiliar?', ['Tras su servicio, en un diploma de bronce', 'Al alistarse, con su primer sueldo', 'Por sorteo entre los veteranos de cada legión', 'Nunca: no podía obtenerla'], ['Correcto: al licenciarse.', 'La recibía al terminar, no al empezar.', 'No había sorteo.', 'Es justo una de las vías para obtenerla.']],
    [1, 'cuando el emperador Caracalla extendió la ciudadanía a casi todos los hombres libres del Imperio', '¿Qué cambió en el año 212 d. C.?', ['Caracalla dio la ciudadanía a casi todos los libres', 'Se abolió la esclavitud en todo el Imperio', 'Se cerraron las fronteras del Imperio a los comerciantes extranjeros', 'Las ciudades perdieron sus magistrados'], ['Correcto: es el edicto de Caracalla.', 'La esclavitud siguió existiendo.', 'No afectó al comercio.', 'Las ciudades conservaron su gobierno.']],
    [1, 'uno de ellos pudo ser que los ciudadanos pagaban impuestos sobre las herencias', '¿Qué motivo pudo tener Caracalla para extender la ciudadanía?', ['Que los ciudadanos pagaban impuesto de herencias', 'Que los peregrinos se habían rebelado', 'Que quería suprimir el Senado', 'Que lo exigía la antigua ley de las Doce Tablas de Roma'], ['Correcto: es uno de los motivos que se discuten.', 'No hubo tal rebelión general.', 'El Senado siguió existiendo.', 'Esa ley antigua no decía nada de esto.']],
    [1, 'Era frecuente la manumisión, es decir, la liberación por el dueño.', '¿Qué era la manumisión?', ['La liberación de un esclavo por su dueño', 'La venta de un esclavo a otro dueño', 'Un castigo público que se imponía en el foro', 'El juramento de los soldados'], ['Correcto: y era frecuente.', 'Eso es una venta, no una liberación.', 'No era un castigo.', 'El juramento militar es otra cosa.']],
    [1, 'aunque no podía ocupar magistraturas y seguía debiendo respeto y servicios a su antiguo dueño', '¿Qué límite tenía un liberto?', ['No podía ocupar magistraturas', 'Seguía siendo esclavo toda la vida', 'No podía casarse ni tener bienes', 'Vivía fuera de la ciudad'], ['Correcto: y debía respeto a su antiguo dueño.', 'Es el error común: el liberto era libre.', 'Eso valía para los esclavos, no para los libertos.', 'No existía esa obligación.']],
    [1, 'Sus hijos ya nacían libres sin ninguna limitación.', '¿Cómo nacían los hijos de un liberto?', ['Libres y sin limitaciones', 'Esclavos', 'Libres, pero sin poder casarse', 'Propiedad del antiguo amo del padre'], ['Correcto: la marca no se heredaba.', 'Confunde al liberto con el esclavo.', 'Podían casarse con normalidad.', 'No pertenecían a nadie.']],
  ],
};
